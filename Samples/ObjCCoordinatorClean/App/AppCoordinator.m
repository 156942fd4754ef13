#import "AppCoordinator.h"
#import "SettingsCoordinator.h"
#import "HomeViewController.h"

@implementation AppCoordinator {
    __weak UIWindow *_window;
    NSTimer *_refreshTimer;
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
    __weak typeof(self) weakSelf = self;
    home.onLogout = ^{
        __strong typeof(weakSelf) strongSelf = weakSelf;
        [strongSelf showSettings];
    };
    [[NSNotificationCenter defaultCenter] addObserverForName:@"logout" object:nil queue:nil usingBlock:^(NSNotification *note) {
        [weakSelf showSettings];
    }];
    _refreshTimer = [NSTimer scheduledTimerWithTimeInterval:30 repeats:YES block:^(NSTimer *timer) {
        [weakSelf showSettings];
    }];
    [self.navigationController pushViewController:home animated:NO];
    _window.rootViewController = self.navigationController;
}

- (void)showSettings {
    SettingsCoordinator *settings = [[SettingsCoordinator alloc] initWithNavigationController:self.navigationController];
    [self.childCoordinators addObject:settings];
    [settings start];
}

- (void)settingsDidFinish:(SettingsCoordinator *)settings {
    [self.childCoordinators removeObjectIdenticalTo:settings];
}

- (void)homeDidSelectItem:(NSInteger)item {
}

- (void)dealloc {
    [_refreshTimer invalidate];
}

@end
