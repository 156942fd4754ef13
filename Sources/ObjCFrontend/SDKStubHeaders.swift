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
        "UniformTypeIdentifiers/UniformTypeIdentifiers.h", "UserNotifications/UserNotifications.h", "WebKit/WebKit.h",
        "objc/message.h",
    ]

    /// Framework headers with the few declarations apps' headers name in their own declarations.
    static let frameworkHeaders: [String: String] = [
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
