#import <UIKit/UIKit.h>

@class AppCoordinator;

@protocol HomeViewControllerDelegate <NSObject>
- (void)homeDidSelectItem:(NSInteger)item;
@end

@interface HomeViewController : UIViewController
@property (nonatomic, weak) AppCoordinator *coordinator;
@property (nonatomic, weak) id<HomeViewControllerDelegate> delegate;
@property (nonatomic, copy) void (^onLogout)(void);
@end
