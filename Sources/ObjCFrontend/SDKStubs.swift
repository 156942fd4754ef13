import Foundation

/// Minimal Foundation/UIKit declarations, written for coordlint, used when no SDK is present (Linux),
/// so files importing <UIKit/UIKit.h> keep every declaration and message send instead of losing them
/// to "unknown type" errors. Only what ownership needs: classes, the container APIs, collections,
/// timers, notification observers.
enum SDKStubs {
    static let foundation = """
        #pragma once
        #include <TargetConditionals.h>
        #include <Availability.h>
        #define NS_ASSUME_NONNULL_BEGIN
        #define NS_ASSUME_NONNULL_END
        #define YES __objc_yes
        #define NO __objc_no
        #define nil ((id)0)
        #define NS_DESIGNATED_INITIALIZER
        #define NS_SWIFT_NAME(x)
        #define NS_SWIFT_UI_ACTOR
        #define NS_SWIFT_SENDABLE
        #define NS_SWIFT_NONSENDABLE
        #define NS_SWIFT_NONISOLATED
        #define NS_SWIFT_ASYNC(...)
        #define NS_SWIFT_ASYNC_NAME(x)
        #define NS_SWIFT_DISABLE_ASYNC
        #define NS_HEADER_AUDIT_BEGIN(...)
        #define NS_HEADER_AUDIT_END(...)
        #define NS_FORMAT_FUNCTION(F, A)
        #define NS_RETURNS_RETAINED
        #define NS_AVAILABLE(...)
        #define NS_EXTENSION_UNAVAILABLE(x)
        #define IBAction void
        #define IBOutlet
        #define IBInspectable
        #define IB_DESIGNABLE
        #define FOUNDATION_EXPORT extern
        #define FOUNDATION_EXTERN extern
        #define UIKIT_EXTERN extern
        #define NS_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
        #define NS_OPTIONS(_type, _name) enum _name : _type _name; enum _name : _type
        #define NS_CLOSED_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
        #define NS_ERROR_ENUM(_domain, _name) enum _name : NSInteger _name; enum _name : NSInteger
        #define NS_TYPED_ENUM
        #define NS_TYPED_EXTENSIBLE_ENUM
        #define NS_STRING_ENUM
        #define NS_UNAVAILABLE
        #define NS_REQUIRES_SUPER
        #define NS_NOESCAPE
        #define NS_REFINED_FOR_SWIFT
        #define NS_SWIFT_UNAVAILABLE(x)
        #define NS_SWIFT_NOTHROW
        #define NS_AVAILABLE_IOS(x)
        #define NS_CLASS_AVAILABLE_IOS(x)
        #define NS_DEPRECATED_IOS(...)
        #define API_AVAILABLE(...)
        #define API_UNAVAILABLE(...)
        #define API_DEPRECATED(...)
        #define API_DEPRECATED_WITH_REPLACEMENT(...)
        #define NS_EXTENSION_UNAVAILABLE_IOS(x)
        #define NS_INLINE static inline
        #define NS_REQUIRES_NIL_TERMINATION
        #define NS_AVAILABLE_MAC(x)
        #define NS_CLASS_AVAILABLE(...)
        #define NS_DEPRECATED(...)
        #define NS_DEPRECATED_MAC(...)
        #define NS_SWIFT_NOTHROW
        #define NS_WARN_UNUSED_RESULT
        #define NS_ROOT_CLASS
        #define NS_ENUM_AVAILABLE_IOS(x)
        #define CF_ENUM(_type, _name) enum _name : _type _name; enum _name : _type
        #define CF_OPTIONS(_type, _name) enum _name : _type _name; enum _name : _type
        #define CF_EXPORT extern
        typedef unsigned int uint;
        // The C integer types, by the compiler's own macros (the system's headers define them as these, so a file
        // including `<stdint.h>` too agrees); no system header is read for them.
        typedef __INT8_TYPE__ int8_t;
        typedef __INT16_TYPE__ int16_t;
        typedef __INT32_TYPE__ int32_t;
        typedef __INT64_TYPE__ int64_t;
        typedef __UINT8_TYPE__ uint8_t;
        typedef __UINT16_TYPE__ uint16_t;
        typedef __UINT32_TYPE__ uint32_t;
        typedef __UINT64_TYPE__ uint64_t;
        typedef __INTPTR_TYPE__ intptr_t;
        typedef __UINTPTR_TYPE__ uintptr_t;
        typedef __SIZE_TYPE__ size_t;
        typedef __PTRDIFF_TYPE__ ptrdiff_t;
        typedef __builtin_va_list va_list;
        #ifndef NULL
        #define NULL ((void *)0)
        #endif
        typedef signed char BOOL;
        typedef long NSInteger;
        typedef unsigned long NSUInteger;
        typedef double NSTimeInterval;
        typedef double CGFloat;
        typedef struct CGRect { CGFloat x, y, width, height; } CGRect;
        static const CGRect CGRectZero = {0, 0, 0, 0};
        typedef struct CGSize { CGFloat width, height; } CGSize;
        typedef struct CGPoint { CGFloat x, y; } CGPoint;
        typedef struct _NSRange { NSUInteger location, length; } NSRange;
        @class NSString, NSNotification, NSOperationQueue, NSTimer, NSRunLoop;
        @protocol NSObject
        - (BOOL)isEqual:(id)object;
        @end
        @interface NSObject <NSObject>
        + (instancetype)alloc;
        + (instancetype)new;
        - (instancetype)init;
        - (void)dealloc;
        @end
        @protocol NSCopying
        @end
        @protocol NSMutableCopying
        @end
        @protocol NSCoding
        @end
        @protocol NSSecureCoding <NSCoding>
        @end
        @protocol NSFastEnumeration
        @end
        @interface NSString : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
        + (instancetype)stringWithFormat:(NSString *)format, ...;
        @property (readonly) NSUInteger length;
        @property (readonly) const char *UTF8String;
        @end
        @interface NSMutableString : NSString
        @end
        @interface NSValue : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSNumber : NSValue
        @end
        @interface NSUUID : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSIndexPath : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSIndexSet : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
        @end
        @interface NSMutableIndexSet : NSIndexSet
        @end
        @interface NSException : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSPredicate : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSSortDescriptor : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSFileManager : NSObject
        + (NSFileManager *)defaultManager;
        @end
        @interface NSFormatter : NSObject <NSCopying, NSCoding>
        @end
        @interface NSDateFormatter : NSFormatter
        @end
        @interface NSNumberFormatter : NSFormatter
        @end
        @interface NSLocale : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSTimeZone : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSCharacterSet : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
        @end
        @interface NSThread : NSObject
        @end
        @protocol NSLocking
        - (void)lock;
        - (void)unlock;
        @end
        @interface NSLock : NSObject <NSLocking>
        @end
        @interface NSProgress : NSObject
        @end
        @interface NSURLRequest : NSObject <NSCopying, NSMutableCopying, NSSecureCoding>
        @end
        @interface NSMutableURLRequest : NSURLRequest
        @end
        @interface NSURLResponse : NSObject <NSCopying, NSSecureCoding>
        @end
        @interface NSHTTPURLResponse : NSURLResponse
        @end
        @interface NSURLSessionTask : NSObject
        @end
        @interface NSURLSessionDataTask : NSURLSessionTask
        @end
        @interface NSURLSession : NSObject
        + (NSURLSession *)sharedSession;
        @end
        @interface NSOperation : NSObject
        @end
        @interface NSError : NSObject
        @end
        @interface NSDate : NSObject
        + (instancetype)date;
        @end
        @interface NSData : NSObject
        @end
        @interface NSURL : NSObject
        @end
        @interface NSNull : NSObject
        + (NSNull *)null;
        @end
        @interface NSBundle : NSObject
        + (NSBundle *)mainBundle;
        @end
        @interface NSUserDefaults : NSObject
        + (NSUserDefaults *)standardUserDefaults;
        @end
        typedef NSString *NSNotificationName;
        typedef NS_OPTIONS(NSUInteger, NSPointerFunctionsOptions) {
            NSPointerFunctionsStrongMemory = 0, NSPointerFunctionsWeakMemory = 5,
            NSPointerFunctionsObjectPersonality = 0, NSPointerFunctionsObjectPointerPersonality = 512
        };
        typedef NSUInteger NSHashTableOptions;
        static const NSHashTableOptions NSHashTableStrongMemory = 0, NSHashTableWeakMemory = 5;
        @interface NSHashTable<ObjectType> : NSObject
        + (NSHashTable<ObjectType> *)weakObjectsHashTable;
        + (NSHashTable<ObjectType> *)hashTableWithOptions:(NSPointerFunctionsOptions)options;
        - (instancetype)initWithOptions:(NSPointerFunctionsOptions)options capacity:(NSUInteger)initialCapacity;
        - (void)addObject:(ObjectType)object;
        - (void)removeObject:(ObjectType)object;
        @end
        @interface NSAttributedString : NSObject
        @end
        @interface NSMutableAttributedString : NSAttributedString
        @end
        @interface NSFileWrapper : NSObject
        @end
        @interface NSArray<__covariant ObjectType> : NSObject
        + (instancetype)array;
        + (instancetype)arrayWithArray:(NSArray<ObjectType> *)array;
        + (instancetype)arrayWithObjects:(ObjectType)firstObj, ...;
        @property (readonly) NSUInteger count;
        - (BOOL)containsObject:(ObjectType)anObject;
        - (ObjectType)objectAtIndex:(NSUInteger)index;
        - (ObjectType)objectAtIndexedSubscript:(NSUInteger)index;
        - (void)enumerateObjectsUsingBlock:(void (^)(ObjectType obj, NSUInteger idx, BOOL *stop))block;
        - (NSArray<ObjectType> *)filteredArrayUsingPredicate:(id)predicate;
        @end
        @interface NSMutableArray<ObjectType> : NSArray<ObjectType>
        - (void)addObject:(ObjectType)anObject;
        - (void)insertObject:(ObjectType)anObject atIndex:(NSUInteger)index;
        - (void)removeObject:(ObjectType)anObject;
        - (void)removeObjectIdenticalTo:(ObjectType)anObject;
        - (void)removeObjectAtIndex:(NSUInteger)index;
        - (void)removeLastObject;
        - (void)removeAllObjects;
        @end
        @interface NSSet<__covariant ObjectType> : NSObject
        + (instancetype)set;
        @end
        @interface NSMutableSet<ObjectType> : NSSet<ObjectType>
        - (void)addObject:(ObjectType)object;
        - (void)removeObject:(ObjectType)object;
        - (void)removeAllObjects;
        @end
        @interface NSDictionary<__covariant KeyType, __covariant ObjectType> : NSObject
        + (instancetype)dictionary;
        - (ObjectType)objectForKeyedSubscript:(KeyType)key;
        @end
        @interface NSMutableDictionary<KeyType, ObjectType> : NSDictionary<KeyType, ObjectType>
        - (void)setObject:(ObjectType)anObject forKey:(KeyType)aKey;
        - (void)setObject:(ObjectType)obj forKeyedSubscript:(KeyType)key;
        - (void)removeObjectForKey:(KeyType)aKey;
        - (void)removeAllObjects;
        @end
        @interface NSNotification : NSObject
        @end
        @interface NSOperationQueue : NSObject
        + (NSOperationQueue *)mainQueue;
        @end
        @interface NSNotificationCenter : NSObject
        + (NSNotificationCenter *)defaultCenter;
        - (id<NSObject>)addObserverForName:(NSString *)name object:(id)obj queue:(NSOperationQueue *)queue usingBlock:(void (^)(NSNotification *note))block;
        - (void)addObserver:(id)observer selector:(SEL)aSelector name:(NSString *)aName object:(id)anObject;
        - (void)removeObserver:(id)observer;
        @end
        @interface NSTimer : NSObject
        + (NSTimer *)scheduledTimerWithTimeInterval:(NSTimeInterval)ti target:(id)aTarget selector:(SEL)aSelector userInfo:(id)userInfo repeats:(BOOL)yesOrNo;
        + (NSTimer *)scheduledTimerWithTimeInterval:(NSTimeInterval)interval repeats:(BOOL)repeats block:(void (^)(NSTimer *timer))block;
        + (NSTimer *)timerWithTimeInterval:(NSTimeInterval)ti target:(id)aTarget selector:(SEL)aSelector userInfo:(id)userInfo repeats:(BOOL)yesOrNo;
        - (void)invalidate;
        @end
        @interface NSRunLoop : NSObject
        + (NSRunLoop *)mainRunLoop;
        @end
        typedef void (^dispatch_block_t)(void);
        typedef struct dispatch_queue_s *dispatch_queue_t;
        typedef long dispatch_once_t;
        void dispatch_once(dispatch_once_t *predicate, dispatch_block_t block);
        dispatch_queue_t dispatch_get_main_queue(void);
        void dispatch_async(dispatch_queue_t queue, dispatch_block_t block);
        """

    static let uikit = """
        #pragma once
        #import <Foundation/Foundation.h>
        @class UINavigationController, UITabBarController, UIWindow, UIStoryboard;
        @interface UIResponder : NSObject
        @end
        @interface UIView : UIResponder
        - (instancetype)initWithFrame:(CGRect)frame;
        + (void)animateWithDuration:(NSTimeInterval)duration animations:(void (^)(void))animations;
        @end
        @interface UIViewController : UIResponder
        - (instancetype)initWithNibName:(NSString *)nibNameOrNil bundle:(id)nibBundleOrNil;
        @property (nonatomic, strong) UIView *view;
        @property (nonatomic, copy) NSString *title;
        @property (nonatomic, readonly) UINavigationController *navigationController;
        @property (nonatomic, readonly) UITabBarController *tabBarController;
        @property (nonatomic, readonly) UIViewController *presentedViewController;
        @property (nonatomic, readonly) BOOL isMovingFromParentViewController;
        - (void)viewDidLoad;
        - (void)viewWillAppear:(BOOL)animated;
        - (void)viewDidAppear:(BOOL)animated;
        - (void)viewWillDisappear:(BOOL)animated;
        - (void)viewDidDisappear:(BOOL)animated;
        - (void)didMoveToParentViewController:(UIViewController *)parent;
        - (void)presentViewController:(UIViewController *)viewControllerToPresent animated:(BOOL)flag completion:(void (^)(void))completion;
        - (void)dismissViewControllerAnimated:(BOOL)flag completion:(void (^)(void))completion;
        - (void)addChildViewController:(UIViewController *)childController;
        - (void)showViewController:(UIViewController *)vc sender:(id)sender;
        @end
        @protocol UINavigationControllerDelegate <NSObject>
        @end
        @interface UINavigationController : UIViewController
        - (instancetype)initWithRootViewController:(UIViewController *)rootViewController;
        @property (nonatomic, copy) NSArray<UIViewController *> *viewControllers;
        @property (nonatomic, weak) id<UINavigationControllerDelegate> delegate;
        - (void)pushViewController:(UIViewController *)viewController animated:(BOOL)animated;
        - (UIViewController *)popViewControllerAnimated:(BOOL)animated;
        - (NSArray *)popToRootViewControllerAnimated:(BOOL)animated;
        - (void)setViewControllers:(NSArray<UIViewController *> *)viewControllers animated:(BOOL)animated;
        @end
        @interface UITabBarController : UIViewController
        @property (nonatomic, copy) NSArray<UIViewController *> *viewControllers;
        - (void)setViewControllers:(NSArray<UIViewController *> *)viewControllers animated:(BOOL)animated;
        @end
        @interface UIWindow : UIView
        @property (nonatomic, strong) UIViewController *rootViewController;
        - (void)makeKeyAndVisible;
        @end
        @interface UIStoryboard : NSObject
        + (UIStoryboard *)storyboardWithName:(NSString *)name bundle:(id)bundle;
        - (id)instantiateViewControllerWithIdentifier:(NSString *)identifier;
        @end
        @interface UIAlertController : UIViewController
        @end
        typedef NS_ENUM(NSInteger, UITableViewRowAnimation) {
            UITableViewRowAnimationFade, UITableViewRowAnimationRight, UITableViewRowAnimationLeft,
            UITableViewRowAnimationTop, UITableViewRowAnimationBottom, UITableViewRowAnimationNone,
            UITableViewRowAnimationMiddle, UITableViewRowAnimationAutomatic = 100
        };
        typedef NS_ENUM(NSInteger, UITableViewCellStyle) {
            UITableViewCellStyleDefault, UITableViewCellStyleValue1, UITableViewCellStyleValue2, UITableViewCellStyleSubtitle
        };
        typedef NS_OPTIONS(NSUInteger, UIControlEvents) {
            UIControlEventTouchDown = 1 << 0, UIControlEventTouchUpInside = 1 << 6, UIControlEventValueChanged = 1 << 12,
            UIControlEventEditingChanged = 1 << 17, UIControlEventPrimaryActionTriggered = 1 << 13
        };
        typedef NS_OPTIONS(NSUInteger, UIControlState) {
            UIControlStateNormal = 0, UIControlStateHighlighted = 1 << 0, UIControlStateDisabled = 1 << 1,
            UIControlStateSelected = 1 << 2
        };
        typedef NS_ENUM(NSInteger, UIModalPresentationStyle) {
            UIModalPresentationFullScreen = 0, UIModalPresentationPageSheet, UIModalPresentationFormSheet,
            UIModalPresentationCurrentContext, UIModalPresentationCustom, UIModalPresentationOverFullScreen,
            UIModalPresentationOverCurrentContext, UIModalPresentationPopover, UIModalPresentationNone = -1,
            UIModalPresentationAutomatic = -2
        };
        typedef NS_ENUM(NSInteger, UIStatusBarStyle) {
            UIStatusBarStyleDefault = 0, UIStatusBarStyleLightContent = 1, UIStatusBarStyleDarkContent = 3
        };
        typedef NS_OPTIONS(NSUInteger, UIInterfaceOrientationMask) {
            UIInterfaceOrientationMaskPortrait = 2, UIInterfaceOrientationMaskAll = 30
        };
        @interface NSLayoutConstraint : NSObject
        + (void)activateConstraints:(NSArray<NSLayoutConstraint *> *)constraints;
        @property (getter=isActive) BOOL active;
        @end
        @interface UIScreen : NSObject
        + (UIScreen *)mainScreen;
        @end
        @interface UIDevice : NSObject
        + (UIDevice *)currentDevice;
        @end
        @interface UITraitCollection : NSObject
        @end
        @interface UIStackView : UIView
        @end
        @interface UIBezierPath : NSObject
        @end
        @protocol UISearchResultsUpdating <NSObject>
        @end
        @protocol UISearchControllerDelegate <NSObject>
        @end
        @interface UISearchController : UIViewController
        @property (nonatomic, weak) id<UISearchResultsUpdating> searchResultsUpdater;
        @property (nonatomic, weak) id<UISearchControllerDelegate> delegate;
        @end
        @protocol UIPageViewControllerDelegate <NSObject>
        @end
        @protocol UIPageViewControllerDataSource <NSObject>
        @end
        @interface UIPageViewController : UIViewController
        @property (nonatomic, weak) id<UIPageViewControllerDelegate> delegate;
        @property (nonatomic, weak) id<UIPageViewControllerDataSource> dataSource;
        @end
        @protocol UISplitViewControllerDelegate <NSObject>
        @end
        @interface UISplitViewController : UIViewController
        @property (nonatomic, weak) id<UISplitViewControllerDelegate> delegate;
        @end
        typedef struct UIEdgeInsets { CGFloat top, left, bottom, right; } UIEdgeInsets;
        typedef struct NSDirectionalEdgeInsets { CGFloat top, leading, bottom, trailing; } NSDirectionalEdgeInsets;
        @protocol UIScrollViewDelegate <NSObject>
        @end
        @protocol UITableViewDelegate <UIScrollViewDelegate>
        @end
        @protocol UITableViewDataSource <NSObject>
        @end
        @protocol UICollectionViewDelegate <UIScrollViewDelegate>
        @end
        @protocol UICollectionViewDataSource <NSObject>
        @end
        @protocol UITextFieldDelegate <NSObject>
        @end
        @protocol UITextViewDelegate <UIScrollViewDelegate>
        @end
        @protocol UISearchBarDelegate <NSObject>
        @end
        @protocol UIGestureRecognizerDelegate <NSObject>
        @end
        @interface UIColor : NSObject
        @end
        @interface UIFont : NSObject
        @end
        @interface UIImage : NSObject
        + (UIImage *)imageNamed:(NSString *)name;
        @end
        @interface UIScrollView : UIView
        @property (nonatomic, weak) id<UIScrollViewDelegate> delegate;
        @end
        @interface UITableView : UIScrollView
        @property (nonatomic, weak) id delegate;
        @property (nonatomic, weak) id dataSource;
        @end
        @interface UITableViewCell : UIView
        @end
        @interface UICollectionView : UIScrollView
        @property (nonatomic, weak) id delegate;
        @property (nonatomic, weak) id dataSource;
        @end
        @interface UICollectionViewCell : UIView
        @end
        @interface UITableViewController : UIViewController
        @property (nonatomic, strong) UITableView *tableView;
        @end
        @interface UICollectionViewController : UIViewController
        @property (nonatomic, strong) UICollectionView *collectionView;
        @end
        @interface UIControl : UIView
        - (void)addTarget:(id)target action:(SEL)action forControlEvents:(NSUInteger)controlEvents;
        @end
        @interface UIButton : UIControl
        @end
        @interface UIRefreshControl : UIControl
        @end
        @interface UISwitch : UIControl
        @end
        @interface UILabel : UIView
        @property (nonatomic, copy) NSString *text;
        @end
        @interface UIImageView : UIView
        @property (nonatomic, strong) UIImage *image;
        @end
        @interface UITextField : UIControl
        @property (nonatomic, copy) NSString *text;
        @property (nonatomic, weak) id<UITextFieldDelegate> delegate;
        @end
        @interface UITextView : UIScrollView
        @property (nonatomic, copy) NSString *text;
        @property (nonatomic, weak) id<UITextViewDelegate> delegate;
        @end
        @interface UISearchBar : UIView
        @property (nonatomic, weak) id<UISearchBarDelegate> delegate;
        @end
        @interface UIGestureRecognizer : NSObject
        - (instancetype)initWithTarget:(id)target action:(SEL)action;
        @property (nonatomic, weak) id<UIGestureRecognizerDelegate> delegate;
        @end
        @interface UITapGestureRecognizer : UIGestureRecognizer
        @end
        @interface UIBarButtonItem : NSObject
        @end
        @protocol UIViewControllerAnimatedTransitioning <NSObject>
        @end
        @protocol UIViewControllerTransitioningDelegate <NSObject>
        @end
        @protocol UIAdaptivePresentationControllerDelegate <NSObject>
        @end
        @protocol UIPopoverPresentationControllerDelegate <UIAdaptivePresentationControllerDelegate>
        @end
        @protocol UIPickerViewDelegate <NSObject>
        @end
        @protocol UIPickerViewDataSource <NSObject>
        @end
        @interface UIPickerView : UIView
        @property (nonatomic, weak) id<UIPickerViewDelegate> delegate;
        @property (nonatomic, weak) id<UIPickerViewDataSource> dataSource;
        @end
        @interface NSTextStorage : NSMutableAttributedString
        @end
        @interface UINavigationItem : NSObject
        @end
        @protocol UIApplicationDelegate <NSObject>
        @end
        @interface UIApplication : UIResponder
        @end
        @interface CADisplayLink : NSObject
        + (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel;
        - (void)invalidate;
        @end
        """

    /// Included before every file: the weakify/strongify macro family (libextobjc, ReactiveObjC), so
    /// a block that strongifies `self` reads as capturing the weak local even when the project's copy
    /// of the header is not on disk (a pod). A project's own definitions replace these.
    static let macros = """
        #pragma once
        #ifndef weakify
        #define weakify(VAR) autoreleasepool {} __weak __typeof__(VAR) VAR ## _weak_ = (VAR);
        #endif
        #ifndef strongify
        #define strongify(VAR) autoreleasepool {} __strong __typeof__(VAR) VAR = VAR ## _weak_;
        #endif
        """

    /// Headers a Swift target generates (`App-Swift.h`) or a project's precompiled prefix may name;
    /// absent on disk, they must not stop parsing.
    static let headers: [String: String] = [
        "Foundation/Foundation.h": foundation,
        "UIKit/UIKit.h": uikit,
        "QuartzCore/QuartzCore.h": "#import <UIKit/UIKit.h>\n",
        "CoreGraphics/CoreGraphics.h": "#import <Foundation/Foundation.h>\n",
        "coordlint-macros.h": macros,
    ].merging(frameworkHeaders, uniquingKeysWith: { stub, _ in stub })
     .merging(Dictionary(uniqueKeysWithValues: foundationOnlyHeaders.map { ($0, "#import <Foundation/Foundation.h>\n") }),
              uniquingKeysWith: { stub, _ in stub })

    /// Bump when the stubs change: the directory they are written to is named after it.
    static let revision = 6

    /// Writes the stubs (atomically, once per user and revision) into a private directory; returns it.
    static let directory: String? = {
        let base = FileManager.default.temporaryDirectory
            .appendingPathComponent("coordlint-sdk-stubs-\(getuid())-r\(revision)")
        do {
            for (path, text) in headers.sorted(by: { $0.key < $1.key }) {
                let url = base.appendingPathComponent(path)
                if let existing = FileManager.default.contents(atPath: url.path), existing == Data(text.utf8) { continue }
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            }
            return base.path
        } catch {
            return nil
        }
    }()
}
