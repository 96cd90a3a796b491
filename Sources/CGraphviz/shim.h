#ifndef GALLEY_CGRAPHVIZ_SHIM_H
#define GALLEY_CGRAPHVIZ_SHIM_H
/* Graphviz's layout results live in C structs reached through macros (ND_coord, ED_spl, GD_bb…),
   which Swift cannot call: these inline functions read them, so a layout is read straight from the
   graph instead of being printed as DOT and parsed back. */
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#include <graphviz/types.h>

static inline double galley_node_x(Agnode_t *n) { return ND_coord(n).x; }
static inline double galley_node_y(Agnode_t *n) { return ND_coord(n).y; }
/* Width and height in points (Graphviz keeps inches). */
static inline double galley_node_width(Agnode_t *n) { return ND_width(n) * 72.0; }
static inline double galley_node_height(Agnode_t *n) { return ND_height(n) * 72.0; }

static inline boxf galley_graph_bb(Agraph_t *g) { return GD_bb(g); }
static inline int galley_cluster_count(Agraph_t *g) { return GD_n_cluster(g); }
/* Clusters are numbered from 1. */
static inline Agraph_t *galley_cluster(Agraph_t *g, int i) { return GD_clust(g)[i]; }
static inline int galley_graph_label_pos(Agraph_t *g, pointf *out) {
    textlabel_t *l = GD_label(g);
    if (!l || !l->set) return 0;
    *out = l->pos;
    return 1;
}

static inline Agnode_t *galley_edge_tail(Agedge_t *e) { return agtail(e); }
static inline Agnode_t *galley_edge_head(Agedge_t *e) { return aghead(e); }

/* An edge's spline: pieces (usually one), each a list of cubic Bézier points plus optional arrow ends. */
static inline int galley_edge_pieces(Agedge_t *e) { return ED_spl(e) ? ED_spl(e)->size : 0; }
static inline bezier *galley_edge_piece(Agedge_t *e, int i) { return &ED_spl(e)->list[i]; }
static inline int galley_edge_label_pos(Agedge_t *e, pointf *out) {
    textlabel_t *l = ED_label(e);
    if (!l || !l->set) return 0;
    *out = l->pos;
    return 1;
}

/* Graphviz 2.42 takes `char *` where it only reads: const versions for Swift strings. */
static inline char *galley_get(void *obj, const char *name) { return agget(obj, (char *)name); }
static inline void galley_set(void *obj, const char *name, const char *value) {
    agsafeset(obj, (char *)name, (char *)value, "");
}
/* Sets an HTML-like label (`<…>` in DOT): the string must be made with agstrdup_html. */
static inline void galley_set_html(Agraph_t *g, void *obj, const char *name, const char *html) {
    Agraph_t *root = agroot(obj);
    int kind = agobjkind(obj);
    Agsym_t *sym = agattr(root, kind, (char *)name, NULL);
    if (!sym) sym = agattr(root, kind, (char *)name, "");
    char *s = agstrdup_html(root, (char *)html);
    agxset(obj, sym, s);
    agstrfree(root, s);
}
#endif
