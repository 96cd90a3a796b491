#ifndef GALLEY_CCMARK_SHIM_H
#define GALLEY_CCMARK_SHIM_H
#include <cmark.h>
#include <stdlib.h>
#endif
