/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-page-loader.h: how a page (Learn, Puzzles) reads its content in a
 * thread.  The load runs in a GTask; what it read comes back on the main
 * loop; a later load or the page going away cancels it, and a cancelled
 * load's content is only freed.  The page shows an XqLoadingView
 * meanwhile. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _XqPageLoader XqPageLoader;

/* Worker thread: reads dir (NULL: the shipped content) and returns it. */
typedef gpointer (*XqPageLoadFunc)   (const char *dir);
/* Main thread: the content of a load nobody cancelled (the page owns it). */
typedef void     (*XqPageLoadedFunc) (gpointer    page,
                                      gpointer    loaded);

/* page is not referenced: the page cancels (or frees) the loader in its
 * dispose. */
XqPageLoader *xq_page_loader_new        (gpointer          page,
                                         XqPageLoadFunc    load,
                                         XqPageLoadedFunc  loaded,
                                         GDestroyNotify    free_loaded);
void          xq_page_loader_free       (XqPageLoader     *loader);

/* Cancels a load under way and starts another. */
void          xq_page_loader_start      (XqPageLoader     *loader,
                                         const char       *dir);
void          xq_page_loader_cancel     (XqPageLoader     *loader);
gboolean      xq_page_loader_is_loading (XqPageLoader     *loader);

G_END_DECLS
