#import "AppCoordinator.h"
#import "SettingsCoordinator.h"
#import "HomeViewController.h"

@implementation AppCoordinator {
    UIWindow *_window;
}

- (instancetype)initWithWindow:(UIWindow *)window {
    self = [super init];
    if (self) {
        _window = window;
        _navigationController = [[UINavigationController alloc] init];
        _childCoordinators = [NSMutableArray array];
    }
    return self;
}

- (void)start {
    HomeViewController *home = [[HomeViewController alloc] init];
    home.coordinator = self;
    home.delegate = self;
    home.onLogout = ^{
        [self showSettings];
    };
    [self.navigationController pushViewController:home animated:NO];
    self->_window.rootViewController = self.navigationController;
}

- (void)showSettings {
    SettingsCoordinator *settings = [[SettingsCoordinator alloc] initWithNavigationController:self.navigationController];
    [self.childCoordinators addObject:settings];
    [settings start];
}

- (void)homeDidSelectItem:(NSInteger)item {
}

@end
