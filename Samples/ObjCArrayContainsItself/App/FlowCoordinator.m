#import "FlowCoordinator.h"

@implementation FlowCoordinator

- (instancetype)init {
    self = [super init];
    if (self) {
        _childCoordinators = [NSMutableArray array];
    }
    return self;
}

- (void)startChild:(FlowCoordinator *)child {
    // Bug: the array is added to itself instead of the child.
    [self.childCoordinators addObject:self.childCoordinators];
}

- (void)childDidFinish:(FlowCoordinator *)child {
    [self.childCoordinators removeObject:child];
}

@end
