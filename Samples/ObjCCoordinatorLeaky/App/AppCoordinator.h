#import <UIKit/UIKit.h>
#import "Coordinator.h"
#import "HomeViewController.h"

@interface AppCoordinator : NSObject <Coordinator, HomeViewControllerDelegate>
@property (nonatomic, strong) UINavigationController *navigationController;
@property (nonatomic, strong) NSMutableArray<id<Coordinator>> *childCoordinators;
- (instancetype)initWithWindow:(UIWindow *)window;
- (void)showSettings;
@end
