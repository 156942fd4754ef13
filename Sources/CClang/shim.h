// libclang's C API, from Debian's libclang-dev (headers under /usr/lib/llvm-14/include, found through
// the coordlint-libclang pkg-config file that scripts/setup.sh writes).
#include <clang-c/Index.h>
