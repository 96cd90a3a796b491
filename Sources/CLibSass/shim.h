#ifndef GALLEY_CLIBSASS_SHIM_H
#define GALLEY_CLIBSASS_SHIM_H
/* libsass's C API (Debian: libsass-dev). Only the data-context calls are used:
   Galley hands libsass the entry's text, never a path to read. */
#include <sass.h>
#endif
