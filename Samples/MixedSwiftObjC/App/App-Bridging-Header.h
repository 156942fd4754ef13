#import "LegacyProfileViewController.h"
