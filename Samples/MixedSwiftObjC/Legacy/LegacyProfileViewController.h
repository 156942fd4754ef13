#import <UIKit/UIKit.h>

@class ProfileCoordinator;

@interface LegacyProfileViewController : UIViewController
// Leaks: ProfileCoordinator (Swift) pushes this screen and is kept strongly here.
@property (nonatomic, strong) ProfileCoordinator *coordinator;
@end
