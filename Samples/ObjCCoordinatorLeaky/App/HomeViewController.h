#import <UIKit/UIKit.h>

@class AppCoordinator;

@protocol HomeViewControllerDelegate <NSObject>
- (void)homeDidSelectItem:(NSInteger)item;
@end

@interface HomeViewController : UIViewController
// Leaks: the AppCoordinator pushes this screen.
@property (nonatomic, strong) AppCoordinator *coordinator;
// Leaks: the delegate is the AppCoordinator too.
@property (nonatomic, strong) id<HomeViewControllerDelegate> delegate;
@property (nonatomic, copy) void (^onLogout)(void);
@end
