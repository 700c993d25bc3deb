/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xq-proofs.h: proofs of mates, kept so that nothing is proved twice.
 *
 * A proof is keyed by what it proved: the position (its FEN as the core
 * writes it) and the goal N of "mate in at most N".  Its verdict is the
 * solver's: the exact (shortest) mate and every key move of it.  Whether a
 * puzzle's author listed the right keys is checked against the verdict at
 * every load, so the claimed keys need not be part of the key.
 *
 * Shipped content is proved when it is built or tested: `xqtool proofs
 * write` writes the record (lessons/proofs.record, JSON; not *.json, so no
 * loader takes it for a lesson) and the data suite proves
 * every entry again (`xqtool proofs check`), so a stale or wrong record
 * fails CI.  A proof the record lacks (a teacher's or an imported item) is
 * made once and kept in the user's cache dir.  Every entry read from a
 * file is validated (its key is recomputed, its moves must be legal); an
 * entry that fails is dropped, a file that fails is ignored.  The loader
 * indexes both files and reads an entry when it is first asked for. */
#pragma once

#include <glib.h>

#include "xq-solver.h"

G_BEGIN_DECLS

/* More entries than this in one file are refused (the shipped record has
 * a couple of thousand; the user's cache keeps a teacher's imports, a
 * collection of 1,000 kills a thousand entries of about 200 bytes). */
#define XQ_PROOFS_MAX_ENTRIES 16384
#define XQ_PROOFS_MAX_BYTES   (8 * 1024 * 1024)

typedef struct _XqProofs XqProofs;

XqProofs *xq_proofs_new       (void);
void      xq_proofs_free      (XqProofs *proofs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (XqProofs, xq_proofs_free)
guint     xq_proofs_size      (XqProofs *proofs);
/* The key of "mate in at most n from pos": a SHA-256 in hex. */
char     *xq_proofs_key       (const XqPosition *pos, int n);
/* TRUE (and *out filled: mate and keys, nodes and work 0) if proved; a
 * proof that there is no mate within n gives mate 0 and no keys. */
gboolean  xq_proofs_lookup    (XqProofs *proofs, const XqPosition *pos, int n, XqSolution *out);
/* Only a mate (1 <= sol->mate <= n, at least one key) is kept. */
void      xq_proofs_add       (XqProofs *proofs, const XqPosition *pos, int n, const XqSolution *sol);
/* The solver's proof that pos has no mate within n (a false puzzle, found
 * once, is not proved again each time it is opened); kept as "mate" 0
 * with no keys. */
void      xq_proofs_add_none  (XqProofs *proofs, const XqPosition *pos, int n);
/* Adds the valid entries of a file; FALSE with error if it cannot be read
 * or is not a proofs document.  *n_dropped counts invalid entries. */
gboolean  xq_proofs_load_file (XqProofs *proofs, const char *path, guint *n_dropped, GError **error);
/* Like xq_proofs_load_file for a file laid out as xq_proofs_save_file
 * writes it, except that each entry is read and checked only when it is
 * first looked up (and all of them by size, save and diff): a start-up
 * needs a few of the record's hundreds.  An entry that fails then is
 * dropped as load_file would have dropped it.  A file laid out any other
 * way is read whole at once.  FALSE with error if it cannot be read or is
 * not a proofs document. */
gboolean  xq_proofs_index_file (XqProofs *proofs, const char *path, GError **error);
/* The same for text already in memory (copied); name is for messages. */
gboolean  xq_proofs_index_data (XqProofs *proofs, const char *name, const char *data,
                                gsize length, GError **error);
/* Written in key order, replacing the file atomically. */
gboolean  xq_proofs_save_file (XqProofs *proofs, const char *path, GError **error);
/* Every entry of a, in key order, that b lacks or holds with another
 * verdict, as "key: reason" lines; NULL if a's entries all agree with b. */
char     *xq_proofs_diff      (XqProofs *a, XqProofs *b, const char *a_name, const char *b_name);

/* The process-wide proofs the lesson loader consults: the record in the
 * lessons dir, then the user's cache.  remember_all adds the proofs the
 * record lacks to the cache and saves it once (the cache file lives in
 * g_get_user_cache_dir ()); it returns how many of them could not be kept
 * (the cache full at XQ_PROOFS_MAX_ENTRIES, or its file not written), 0
 * when all are kept.  cache_room is how many more the cache can take. */
gboolean  xq_proofs_known        (const XqPosition *pos, int n, XqSolution *out);
guint     xq_proofs_remember_all (XqProofs *made);
guint     xq_proofs_cache_room   (void);
/* Forgets the process-wide proofs, so the next lookup reads the files
 * again (for tests that change the dirs). */
void      xq_proofs_reset     (void);
char     *xq_proofs_cache_path (void);

G_END_DECLS
