#import <Foundation/Foundation.h>

@interface FlowCoordinator : NSObject
@property (nonatomic, strong) NSMutableArray *childCoordinators;
- (void)startChild:(FlowCoordinator *)child;
@end
