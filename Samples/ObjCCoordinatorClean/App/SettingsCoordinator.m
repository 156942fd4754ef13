#import "SettingsCoordinator.h"

@implementation SettingsCoordinator

- (instancetype)initWithNavigationController:(UINavigationController *)navigationController {
    self = [super init];
    if (self) {
        _navigationController = navigationController;
    }
    return self;
}

- (void)start {
    UIViewController *settings = [[UIViewController alloc] init];
    [self.navigationController pushViewController:settings animated:YES];
}

@end
