#import <Foundation/Foundation.h>
#import "Store.h"

// A tiny post store.
@interface Store : NSObject
@property (nonatomic, copy) NSArray<NSString *> *titles;
- (instancetype)initWithTitles:(NSArray<NSString *> *)titles;
- (NSUInteger)count;
@end

@implementation Store

- (instancetype)initWithTitles:(NSArray<NSString *> *)titles {
    self = [super init];
    if (self) {
        _titles = [titles copy];
    }
    return self;
}

- (NSUInteger)count {
    return self.titles.count;
}

@end

int main(int argc, const char *argv[]) {
    @autoreleasepool {
        Store *store = [[Store alloc] initWithTitles:@[@"Hello", @"World"]];
        NSLog(@"%lu titles, ratio %f", (unsigned long)[store count], 0.5);
        BOOL ok = YES;
        return ok ? 0 : 1;
    }
}
