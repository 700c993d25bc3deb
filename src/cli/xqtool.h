/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool.h: the command table shared by xqtool's command files. */
#pragma once

#include <glib.h>
#include <stdio.h>

#include "xq-position.h"

G_BEGIN_DECLS

/* A command gets its own arguments (argv[0] is the command name) and
 * returns the process exit status.  Errors go to stderr as one line. */
typedef int (*XqToolFunc) (int argc, char **argv);

typedef struct {
  const char *name;
  const char *usage;   /* arguments, for --help */
  XqToolFunc  func;
} XqToolCommand;

/* Text from outside (arguments, file names, file contents) made safe to
 * echo on a terminal: valid UTF-8 is kept, every byte that is not shows as
 * \xNN, and control characters as \n, \t, \r or \xNN, so the result is
 * one printable line.  Newly allocated. */
char *xqtool_escape (const char *text);
/* Writes text and a newline to out, newlines folded to spaces (so one
 * message stays one line) and the rest escaped as by xqtool_escape. */
void xqtool_print_line (FILE *out, const char *text);

/* Prints "xqtool: message" on stderr (through xqtool_print_line) and returns
 * 1, for `return xqtool_fail (…)`. */
int xqtool_fail (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* "xqtool: MESSAGE" on stderr, one line, for what a command reports and
 * goes on (a damaged learner file set aside). */
void xqtool_note (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* Prints "usage: xqtool …" on stderr and returns 2. */
int xqtool_usage (const XqToolCommand *cmd);

/* Parses and validates a FEN argument; on failure prints the one-line
 * error ("invalid FEN: …") and returns FALSE. */
gboolean xqtool_load_fen (const char *fen, XqPosition *pos);

/* Reads a whole decimal number from lo to hi; FALSE for anything else
 * (NULL, trailing characters, out of range). */
gboolean xqtool_parse_int (const char *text, int lo, int hi, int *out);

/* Median of n samples (sorts the array). */
double xqtool_median (double *samples, int n);

/* Each command file exports its table, NULL-name terminated. */
extern const XqToolCommand xqtool_class_commands[];
extern const XqToolCommand xqtool_core_commands[];
extern const XqToolCommand xqtool_core_bench[];
extern const XqToolCommand xqtool_game_commands[];
extern const XqToolCommand xqtool_game_bench[];
extern const XqToolCommand xqtool_import_commands[];
extern const XqToolCommand xqtool_ladder_bench[];
extern const XqToolCommand xqtool_lesson_commands[];
extern const XqToolCommand xqtool_notation_commands[];
extern const XqToolCommand xqtool_notation_bench[];
extern const XqToolCommand xqtool_pack_commands[];
extern const XqToolCommand xqtool_patterns_commands[];
extern const XqToolCommand xqtool_lesson_bench[];
extern const XqToolCommand xqtool_puzzles_commands[];
extern const XqToolCommand xqtool_render_commands[];
extern const XqToolCommand xqtool_render_bench[];
extern const XqToolCommand xqtool_review_commands[];
extern const XqToolCommand xqtool_solve_commands[];
extern const XqToolCommand xqtool_solve_bench[];
extern const XqToolCommand xqtool_variant_commands[];
extern const XqToolCommand xqtool_variant_bench[];
extern const XqToolCommand xqtool_tournament_commands[];
extern const XqToolCommand xqtool_units_commands[];

G_END_DECLS
