#import <UIKit/UIKit.h>

@protocol Coordinator <NSObject>
- (void)start;
@end
