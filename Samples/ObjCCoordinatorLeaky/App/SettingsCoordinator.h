#import <UIKit/UIKit.h>
#import "Coordinator.h"

@interface SettingsCoordinator : NSObject <Coordinator>
@property (nonatomic, strong) UINavigationController *navigationController;
- (instancetype)initWithNavigationController:(UINavigationController *)navigationController;
@end
