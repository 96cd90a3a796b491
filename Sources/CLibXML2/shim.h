#ifndef GALLEY_CLIBXML2_SHIM_H
#define GALLEY_CLIBXML2_SHIM_H
/* Debian builds libxml2 with ICU, and libxml/encoding.h then includes ICU's
   headers, which clash with the ICU copy inside Swift's Foundation. Galley
   never uses libxml2's ICU converters, so hide them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlmemory.h>

/// `xmlFree` is a mutable global function pointer, which Swift 6 rejects as
/// not concurrency-safe; calling it through this inline function is fine.
static inline void galley_xmlFree(void *ptr) { xmlFree(ptr); }
#endif
