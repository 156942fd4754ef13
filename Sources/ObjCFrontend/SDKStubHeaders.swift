import Foundation

/// The SDK headers beyond Foundation and UIKit that the stubs provide.
extension SDKStubs {
    /// SDK headers an app imports for APIs ownership does not need: present (each importing Foundation)
    /// so a missing one is not a fatal error that ends the file's parse.
    static let foundationOnlyHeaders = [
        "AVFoundation/AVFoundation.h", "AVKit/AVKit.h", "AuthenticationServices/AuthenticationServices.h",
        "CoreLocation/CoreLocation.h",
        "CoreServices/CoreServices.h", "CoreSpotlight/CoreSpotlight.h", "CoreText/CoreText.h",
        "FileProvider/FileProvider.h", "ImageIO/ImageIO.h", "Intents/Intents.h", "LocalAuthentication/LocalAuthentication.h",
        "MapKit/MapKit.h", "MessageUI/MessageUI.h", "MobileCoreServices/MobileCoreServices.h", "Photos/Photos.h",
        "QuickLook/QuickLook.h", "SafariServices/SafariServices.h", "Security/Security.h", "StoreKit/StoreKit.h",
        "UniformTypeIdentifiers/UniformTypeIdentifiers.h", "UserNotifications/UserNotifications.h",
        "objc/message.h", "notify.h", "os/log.h", "os/trace.h", "CoreFoundation/CoreFoundation.h",
        "CommonCrypto/CommonCrypto.h", "CommonCrypto/CommonCryptor.h", "CommonCrypto/CommonDigest.h",
        "CommonCrypto/CommonHMAC.h", "SystemConfiguration/SystemConfiguration.h", "Network/Network.h",
        "CoreBluetooth/CoreBluetooth.h", "CoreImage/CoreImage.h", "AudioToolbox/AudioToolbox.h",
    ]

    /// Framework headers with the few declarations apps' headers name in their own declarations.
    static let frameworkHeaders: [String: String] = [
        // The stubs stand for an iOS SDK: an app's `#if TARGET_OS_IPHONE` takes its iOS branch.
        "TargetConditionals.h": """
            #pragma once
            #define TARGET_OS_MAC 1
            #define TARGET_OS_IPHONE 1
            #define TARGET_OS_IOS 1
            #define TARGET_OS_OSX 0
            #define TARGET_OS_MACCATALYST 0
            #define TARGET_OS_UIKITFORMAC 0
            #define TARGET_OS_TV 0
            #define TARGET_OS_WATCH 0
            #define TARGET_OS_VISION 0
            #define TARGET_OS_SIMULATOR 0
            #define TARGET_IPHONE_SIMULATOR 0
            #define TARGET_OS_EMBEDDED 1
            #define TARGET_RT_64_BIT 1
            #define TARGET_CPU_ARM64 1
            """,
        "Availability.h": """
            #pragma once
            #define __IPHONE_12_0 120000
            #define __IPHONE_13_0 130000
            #define __IPHONE_14_0 140000
            #define __IPHONE_15_0 150000
            #define __IPHONE_16_0 160000
            #define __IPHONE_17_0 170000
            #define __IPHONE_OS_VERSION_MIN_REQUIRED __IPHONE_15_0
            #define __IPHONE_OS_VERSION_MAX_ALLOWED __IPHONE_17_0
            #define __API_AVAILABLE(...)
            #define __API_UNAVAILABLE(...)
            #define __API_DEPRECATED(...)
            #define __IOS_AVAILABLE(x)
            #define __OSX_AVAILABLE(x)
            #define __OSX_AVAILABLE_STARTING(...)
            #define __OSX_AVAILABLE_BUT_DEPRECATED(...)
            #define __TVOS_PROHIBITED
            #define __WATCHOS_PROHIBITED
            #define __IOS_PROHIBITED
            """,
        "AvailabilityMacros.h": "#include <Availability.h>\n",
        // WebKit's views and their (weak) delegates, so declarations naming them parse.
        "WebKit/WebKit.h": """
            #import <UIKit/UIKit.h>
            #define WK_EXTERN extern
            #define WK_API_AVAILABLE(...)
            #define WK_SWIFT_UI_ACTOR
            @protocol WKNavigationDelegate <NSObject>
            @end
            @protocol WKUIDelegate <NSObject>
            @end
            @protocol WKScriptMessageHandler <NSObject>
            @end
            @interface WKWebViewConfiguration : NSObject <NSCopying>
            @end
            @interface WKNavigation : NSObject
            @end
            @interface WKWebView : UIView
            @property (nonatomic, weak) id<WKNavigationDelegate> navigationDelegate;
            @property (nonatomic, weak) id<WKUIDelegate> UIDelegate;
            @end
            """,
        // macOS apps: AppKit's classes (a window controller keeps its window), delegates weak as the SDK declares.
        "Cocoa/Cocoa.h": "#import <AppKit/AppKit.h>\n",
        "AppKit/AppKit.h": """
            #pragma once
            #import <Foundation/Foundation.h>
            @class NSWindow, NSMenu;
            @interface NSResponder : NSObject <NSCoding>
            @end
            @interface NSView : NSResponder
            - (instancetype)initWithFrame:(CGRect)frameRect;
            @end
            @interface NSViewController : NSResponder
            @property (strong) NSView *view;
            - (void)viewDidLoad;
            - (void)viewWillAppear;
            - (void)viewDidAppear;
            - (void)viewWillDisappear;
            - (void)viewDidDisappear;
            - (void)addChildViewController:(NSViewController *)childViewController;
            - (void)presentViewControllerAsSheet:(NSViewController *)viewController;
            - (void)dismissViewController:(NSViewController *)viewController;
            @end
            @protocol NSWindowDelegate <NSObject>
            @end
            @interface NSWindow : NSResponder
            @property (weak) id<NSWindowDelegate> delegate;
            @property (strong) NSViewController *contentViewController;
            - (void)makeKeyAndOrderFront:(id)sender;
            - (void)close;
            @end
            @interface NSPanel : NSWindow
            @end
            @interface NSWindowController : NSResponder
            - (instancetype)initWithWindow:(NSWindow *)window;
            - (instancetype)initWithWindowNibName:(NSString *)windowNibName;
            @property (strong) NSWindow *window;
            @property (strong) NSViewController *contentViewController;
            - (void)windowDidLoad;
            - (void)showWindow:(id)sender;
            - (void)close;
            @end
            @protocol NSApplicationDelegate <NSObject>
            @end
            @interface NSApplication : NSResponder
            + (NSApplication *)sharedApplication;
            @property (weak) id<NSApplicationDelegate> delegate;
            @end
            @interface NSControl : NSView
            @property (weak) id target;
            @property SEL action;
            @end
            @interface NSButton : NSControl
            @end
            @interface NSTextField : NSControl
            @property (copy) NSString *stringValue;
            @end
            @interface NSImage : NSObject
            + (NSImage *)imageNamed:(NSString *)name;
            @end
            @interface NSColor : NSObject
            @end
            @interface NSFont : NSObject
            @end
            @protocol NSTableViewDelegate <NSObject>
            @end
            @protocol NSTableViewDataSource <NSObject>
            @end
            @interface NSTableView : NSControl
            @property (weak) id<NSTableViewDelegate> delegate;
            @property (weak) id<NSTableViewDataSource> dataSource;
            @end
            @protocol NSOutlineViewDelegate <NSTableViewDelegate>
            @end
            @protocol NSOutlineViewDataSource <NSObject>
            @end
            @interface NSOutlineView : NSTableView
            @end
            @interface NSMenuItem : NSObject
            @property (weak) id target;
            @property SEL action;
            @end
            @interface NSMenu : NSObject
            @end
            @interface NSAlert : NSObject
            @end
            @interface NSEvent : NSObject
            @end
            @interface NSStoryboard : NSObject
            @end
            @interface NSWorkspace : NSObject
            + (NSWorkspace *)sharedWorkspace;
            @end
            """,
        "CoreData/CoreData.h": """
            #import <Foundation/Foundation.h>
            @interface NSManagedObjectContext : NSObject
            @end
            @interface NSManagedObject : NSObject
            @end
            """,
        "CoreMedia/CoreMedia.h": """
            #import <Foundation/Foundation.h>
            typedef struct CMTime { long long value; int timescale; unsigned int flags; long long epoch; } CMTime;
            """,
        "CoreMedia/CMTime.h": "#import <CoreMedia/CoreMedia.h>\n",
        // Associated objects: the runtime keeps a value for an object under a key with a policy.
        "objc/runtime.h": """
            #import <Foundation/Foundation.h>
            typedef NS_ENUM(unsigned long, objc_AssociationPolicy) {
                OBJC_ASSOCIATION_ASSIGN = 0,
                OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1,
                OBJC_ASSOCIATION_COPY_NONATOMIC = 3,
                OBJC_ASSOCIATION_RETAIN = 01401,
                OBJC_ASSOCIATION_COPY = 01403
            };
            void objc_setAssociatedObject(id object, const void *key, id value, objc_AssociationPolicy policy);
            id objc_getAssociatedObject(id object, const void *key);
            void objc_removeAssociatedObjects(id object);
            """,
    ]
}
