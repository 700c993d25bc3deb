/* SPDX-License-Identifier: GPL-3.0-or-later */
/* xqtool commands on lessons and puzzle packs: validate, lesson-stats,
 * the proof record, the exercise kinds and the curriculum loading bench. */
#define G_LOG_DOMAIN "xqtool"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "xqtool.h"
#include "xq-kind.h"
#include "xq-lesson.h"
#include "xq-proofs.h"

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* Every *.json file under dir, subfolders (lessons/puzzles) included. */
static void
collect_dir (const char *dir, GPtrArray *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (found, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (found, compare_names);
  for (guint i = 0; i < found->len; i++)
    {
      const char *path = g_ptr_array_index (found, i);
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_dir (path, out);
      else if (g_str_has_suffix (path, ".json"))
        g_ptr_array_add (out, g_strdup (path));
    }
}

/* The files named on the command line; FALSE (after the message) if a path
 * does not exist. */
static gboolean
collect_paths (int argc, char **argv, GPtrArray *out)
{
  for (int i = 1; i < argc; i++)
    {
      if (g_file_test (argv[i], G_FILE_TEST_IS_DIR))
        collect_dir (argv[i], out);
      else if (g_file_test (argv[i], G_FILE_TEST_EXISTS))
        g_ptr_array_add (out, g_strdup (argv[i]));
      else
        {
          xqtool_fail ("%s: no such file or directory", argv[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static GPtrArray *
load_all (GPtrArray *paths, GPtrArray *problems)
{
  GPtrArray *files = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_file_free);

  for (guint i = 0; i < paths->len; i++)
    {
      XqLessonFile *f = xq_lesson_load_file (g_ptr_array_index (paths, i), problems);
      if (f != NULL)
        g_ptr_array_add (files, f);
    }
  return files;
}

static void
print_problems (GPtrArray *problems, FILE *out)
{
  for (guint i = 0; i < problems->len; i++)
    {
      g_autofree char *line = xq_lesson_problem_format (g_ptr_array_index (problems, i));
      /* One problem, one line, whatever the JSON parser's message held. */
      xqtool_print_line (out, line);
    }
}

static int
cmd_validate (int argc, char **argv)
{
  static const XqToolCommand self = { "validate", "PATH..." };
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GPtrArray) files = NULL;

  if (argc < 2)
    return xqtool_usage (&self);
  if (!collect_paths (argc, argv, paths))
    return 1;
  if (paths->len == 0)
    return xqtool_fail ("no lesson files (*.json) found");
  files = load_all (paths, problems);
  /* A pack whose mates cost more than one load may spend (its proof cache
   * gone) loads with the rest unproved, to prove when opened; a teacher who
   * validates wants to know they hold, so they are proved here, each within
   * a proof's budget (docs/lesson-format.md). */
  for (guint i = 0; i < files->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (files, i);
      guint n_unproved = f->pack ? xq_puzzle_pack_n_unproved (f->pack) : 0;
      guint n_proved;

      if (n_unproved == 0)
        continue;
      n_proved = xq_puzzle_pack_prove_unproved (f->pack, problems);
      printf (g_dngettext (GETTEXT_PACKAGE, "%s: %u mate was more than one load may prove; proved it now (%u of %u proved, the "
                        "verdicts kept in the proof cache)\n",
                        "%s: %u mates were more than one load may prove; proved them now (%u of %u proved, the "
                        "verdicts kept in the proof cache)\n", n_unproved),
              f->pack->file, n_unproved, n_proved, n_unproved);
    }
  print_problems (problems, stdout);
  return problems->len > 0 ? 1 : 0;
}

static int
compare_unit_numbers (gconstpointer a, gconstpointer b)
{
  const XqUnit *x = *(const XqUnit *const *) a, *y = *(const XqUnit *const *) b;

  return x->number != y->number ? (x->number > y->number) - (x->number < y->number) : strcmp (x->id, y->id);
}

static int
cmd_lesson_stats (int argc, char **argv)
{
  static const XqToolCommand self = { "lesson-stats", "[PATH...]" };
  const char *shipped[] = { argv[0], xq_lesson_default_dir () };
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
  g_autoptr(GPtrArray) files = NULL;
  g_autoptr(GHashTable) patterns = g_hash_table_new (g_str_hash, g_str_equal);
  int units = 0, exercises = 0, packs = 0, puzzles = 0;
  guint n_kinds;
  const XqKind *const *kinds = xq_kinds (&n_kinds);
  g_autofree int *counts = g_new0 (int, n_kinds);
  int mates[XQ_SOLVER_MAX_MATE + 1] = { 0 };

  if (argc > 1 && argv[1][0] == '-')
    return xqtool_usage (&self);
  /* No path: the curriculum this program ships (installed or not). */
  if (!collect_paths (argc > 1 ? argc : 2, argc > 1 ? argv : (char **) shipped, paths))
    return 1;
  if (paths->len == 0)
    return xqtool_fail ("no lesson files (*.json) found");
  files = load_all (paths, problems);
  if (problems->len > 0)
    {
      print_problems (problems, stderr);
      return 1;
    }
  for (guint i = 0; i < files->len; i++)
    {
      XqLessonFile *f = g_ptr_array_index (files, i);
      if (f->unit != NULL)
        {
          units++;
          exercises += f->unit->exercises->len;
          for (guint j = 0; j < f->unit->exercises->len; j++)
            for (guint k = 0; k < n_kinds; k++)
              counts[k] += ((XqExercise *) g_ptr_array_index (f->unit->exercises, j))->kind == kinds[k];
        }
      else
        {
          packs++;
          puzzles += f->pack->puzzles->len;
          for (guint j = 0; j < f->pack->puzzles->len; j++)
            {
              XqPuzzle *pz = g_ptr_array_index (f->pack->puzzles, j);
              mates[pz->mate_in]++;
              if (pz->pattern != NULL)
                g_hash_table_add (patterns, pz->pattern);
            }
        }
    }
  if (units > 0 || packs == 0)
    {
      g_autoptr(GPtrArray) by_number = g_ptr_array_new ();

      printf ("units %d\nexercises %d\n", units, exercises);
      for (guint k = 0; k < n_kinds; k++)
        printf ("%s %d\n", kinds[k]->name, counts[k]);
      /* Each unit's length, in the order of the unit map: the steps a
       * learner goes through (pages, exercises, closing cards). */
      for (guint i = 0; i < files->len; i++)
        {
          XqLessonFile *f = g_ptr_array_index (files, i);
          if (f->unit != NULL)
            g_ptr_array_add (by_number, f->unit);
        }
      g_ptr_array_sort (by_number, compare_unit_numbers);
      for (guint i = 0; i < by_number->len; i++)
        {
          const XqUnit *u = g_ptr_array_index (by_number, i);
          guint nc = u->closing ? u->closing->len : 0;

          printf ("unit %d %s: %u steps, %u pages, %u exercises, %u closing\n", u->number, u->id,
                  u->pages->len + u->exercises->len + nc, u->pages->len, u->exercises->len, nc);
        }
    }
  if (packs > 0)
    {
      printf ("packs %d\npuzzles %d\npatterns %u\n", packs, puzzles, g_hash_table_size (patterns));
      for (int k = 1; k <= XQ_SOLVER_MAX_MATE; k++)
        if (mates[k] > 0)
          printf ("mate-in-%d %d\n", k, mates[k]);
    }
  return 0;
}

static int
bench_lessons (int argc, char **argv)
{
  static const XqToolCommand self = { "lessons", "[--runs N] [DIR]" };
  const char *dir = xq_lesson_default_dir ();
  double ms[64], cold;
  int runs = 9, n_files = 0, n_exercises = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        runs = atoi (argv[++i]);
      else if (argv[i][0] != '-')
        dir = argv[i];
      else
        return xqtool_usage (&self);
    }
  if (runs < 1 || runs > 64)
    return xqtool_fail ("--runs must be from 1 to 64");

  for (int r = 0; r < runs; r++)
    {
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);
      g_autoptr(GPtrArray) files = NULL;
      gint64 start, end;

      start = g_get_monotonic_time ();
      collect_dir (dir, paths);
      files = load_all (paths, problems);
      end = g_get_monotonic_time ();
      if (problems->len > 0)
        {
          print_problems (problems, stderr);
          return xqtool_fail ("the curriculum in %s does not validate", dir);
        }
      if (paths->len == 0)
        return xqtool_fail ("no lesson files in %s", dir);
      ms[r] = (double) (end - start) / 1000.0;
      n_files = files->len;
      n_exercises = 0;
      for (guint i = 0; i < files->len; i++)
        {
          XqLessonFile *f = g_ptr_array_index (files, i);
          n_exercises += f->unit ? f->unit->exercises->len : f->pack->puzzles->len;
        }
    }
  /* The first run is the one a person waits for: this process is fresh,
   * so it pays for reading the proof record and every first allocation.
   * `--runs 1` is exactly that one cold run. */
  cold = ms[0];
  printf ("lessons: load + validate %d files (%d exercises and puzzles) from %s: cold %.2f ms, median %.2f ms (%d runs; target < 100 ms)\n",
          n_files, n_exercises, dir, cold, xqtool_median (ms, runs), runs);
  return 0;
}

/* Proves every mate under dir again, trusting nothing, into *out;
 * FALSE (after the problems) if any file fails. */
static gboolean
prove_all (const char *dir, XqProofs *out)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func ((GDestroyNotify) xq_lesson_problem_free);

  collect_dir (dir, paths);
  for (guint i = 0; i < paths->len; i++)
    xq_lesson_file_free (xq_lesson_load_file_reproving (g_ptr_array_index (paths, i), out, problems));
  if (problems->len > 0)
    {
      print_problems (problems, stderr);
      xqtool_fail ("the content in %s does not validate", dir);
      return FALSE;
    }
  if (paths->len == 0)
    {
      xqtool_fail ("no lesson files in %s", dir);
      return FALSE;
    }
  return TRUE;
}

static int
cmd_proofs (int argc, char **argv)
{
  static const XqToolCommand self = { "proofs", "write|check [DIR]" };
  const char *dir = argc >= 3 ? argv[2] : xq_lesson_default_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  XqProofs *fresh, *stored;
  g_autofree char *missing = NULL;
  g_autofree char *stale = NULL;
  guint dropped = 0;

  if (argc < 2 || argc > 3 || (strcmp (argv[1], "write") != 0 && strcmp (argv[1], "check") != 0))
    return xqtool_usage (&self);
  path = g_build_filename (dir, "proofs.record", NULL);
  fresh = xq_proofs_new ();
  if (!prove_all (dir, fresh))
    {
      xq_proofs_free (fresh);
      return 1;
    }
  if (strcmp (argv[1], "write") == 0)
    {
      gboolean ok = xq_proofs_save_file (fresh, path, &error);

      if (ok)
        printf ("%s: %u proofs\n", path, xq_proofs_size (fresh));
      xq_proofs_free (fresh);
      return ok ? 0 : xqtool_fail ("%s", error->message);
    }
  stored = xq_proofs_new ();
  if (!xq_proofs_load_file (stored, path, &dropped, &error))
    {
      xq_proofs_free (fresh);
      xq_proofs_free (stored);
      return xqtool_fail ("%s (run `xqtool proofs write %s`)", error->message, dir);
    }
  missing = xq_proofs_diff (fresh, stored, "the content", "the record");
  stale = xq_proofs_diff (stored, fresh, "the record", "the content");
  if (missing == NULL && stale == NULL && dropped == 0)
    printf ("%s: %u proofs, all proved again and current\n", path, xq_proofs_size (stored));
  else
    {
      fprintf (stderr, "%s%s", missing ? missing : "", stale ? stale : "");
      if (dropped > 0)
        fprintf (stderr, "%s: %u invalid entries\n", path, dropped);
    }
  xq_proofs_free (fresh);
  xq_proofs_free (stored);
  if (missing != NULL || stale != NULL || dropped > 0)
    return xqtool_fail ("%s is stale or wrong (run `xqtool proofs write %s`)", path, dir);
  return 0;
}

/* ---- The kind table ---------------------------------------------------------- */

static const char *const field_type_names[] = {
  [XQ_FIELD_TEXT] = "text", [XQ_FIELD_POINT] = "point", [XQ_FIELD_SIDE] = "side",
  [XQ_FIELD_NUMBER] = "number", [XQ_FIELD_FEN] = "fen", [XQ_FIELD_MOVES] = "moves",
  [XQ_FIELD_POINTS] = "points", [XQ_FIELD_CHOICES] = "choices", [XQ_FIELD_ENUM] = "enum",
  [XQ_FIELD_TEXTS] = "texts",
};

static void
add_ref (JsonBuilder *b, const char *def)
{
  g_autofree char *ref = g_strdup_printf ("#/$defs/%s", def);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "$ref");
  json_builder_add_string_value (b, ref);
  json_builder_end_object (b);
}

static void
add_array (JsonBuilder *b, const char *item_def, int min, int max, gboolean unique)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "type");
  json_builder_add_string_value (b, "array");
  json_builder_set_member_name (b, "items");
  add_ref (b, item_def);
  json_builder_set_member_name (b, "minItems");
  json_builder_add_int_value (b, min);
  json_builder_set_member_name (b, "maxItems");
  json_builder_add_int_value (b, max);
  if (unique)
    {
      json_builder_set_member_name (b, "uniqueItems");
      json_builder_add_boolean_value (b, TRUE);
    }
  json_builder_end_object (b);
}

/* The JSON Schema of one kind field, from its descriptor. */
static void
add_field_schema (JsonBuilder *b, const XqKindField *f)
{
  switch (f->type)
    {
    case XQ_FIELD_POINT:   add_ref (b, "point"); return;
    case XQ_FIELD_SIDE:    add_ref (b, "side"); return;
    case XQ_FIELD_FEN:     add_ref (b, "fen"); return;
    case XQ_FIELD_TEXTS:   add_ref (b, "hints"); return;
    case XQ_FIELD_POINTS:  add_array (b, "point", f->min, f->max, TRUE); return;
    case XQ_FIELD_MOVES:   add_array (b, "move", f->min, f->max, FALSE); return;
    case XQ_FIELD_CHOICES: add_array (b, "choice", f->min, f->max, FALSE); return;
    case XQ_FIELD_ENUM:
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "enum");
      json_builder_begin_array (b);
      for (const XqFieldValue *v = f->values; v->value != NULL; v++)
        json_builder_add_string_value (b, v->value);
      json_builder_end_array (b);
      json_builder_end_object (b);
      return;
    case XQ_FIELD_NUMBER:
    case XQ_FIELD_TEXT:
    default:
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, f->type == XQ_FIELD_NUMBER ? "integer" : "string");
      json_builder_set_member_name (b, f->type == XQ_FIELD_NUMBER ? "minimum" : "minLength");
      json_builder_add_int_value (b, f->type == XQ_FIELD_NUMBER ? f->min : 1);
      json_builder_set_member_name (b, f->type == XQ_FIELD_NUMBER ? "maximum" : "maxLength");
      json_builder_add_int_value (b, f->max);
      json_builder_end_object (b);
      return;
    }
}

/* "$defs.exercise" of docs/lesson.schema.json: one object shape per kind,
 * the common keys and the kind's own.  Requirements that depend on a rule
 * ("points" for the rule "points") are the loader's to check. */
static JsonNode *
exercise_schema (void)
{
  static const char *const common[][2] = {
    { "id", "id" }, { "prompt", "prompt" }, { "fen", "fen" }, { "hints", "hints" }, { "marks", "marks" },
  };
  g_autoptr(JsonBuilder) b = json_builder_new ();
  guint n_kinds;
  const XqKind *const *kinds = xq_kinds (&n_kinds);

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "oneOf");
  json_builder_begin_array (b);
  for (guint k = 0; k < n_kinds; k++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, "object");
      json_builder_set_member_name (b, "required");
      json_builder_begin_array (b);
      json_builder_add_string_value (b, "id");
      json_builder_add_string_value (b, "kind");
      json_builder_add_string_value (b, "prompt");
      for (guint i = 0; i < kinds[k]->n_fields; i++)
        if (kinds[k]->fields[i].required && kinds[k]->fields[i].rule_key == NULL)
          json_builder_add_string_value (b, kinds[k]->fields[i].key);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "additionalProperties");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_set_member_name (b, "properties");
      json_builder_begin_object (b);
      for (guint i = 0; i < G_N_ELEMENTS (common); i++)
        {
          json_builder_set_member_name (b, common[i][0]);
          add_ref (b, common[i][1]);
        }
      json_builder_set_member_name (b, "pieces");
      add_field_schema (b, xq_kind_common_field ("pieces"));
      json_builder_set_member_name (b, "kind");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "const");
      json_builder_add_string_value (b, kinds[k]->name);
      json_builder_end_object (b);
      for (guint i = 0; i < kinds[k]->n_fields; i++)
        {
          json_builder_set_member_name (b, kinds[k]->fields[i].key);
          add_field_schema (b, &kinds[k]->fields[i]);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* Lists the kind table: every kind with its input and its editor fields,
 * or (--schema) the exercise part of docs/lesson.schema.json made from it. */
static int
cmd_kinds (int argc, char **argv)
{
  static const XqToolCommand self = { "kinds", "[--schema]" };
  guint n_kinds;
  const XqKind *const *kinds = xq_kinds (&n_kinds);

  if (argc > 2 || (argc == 2 && strcmp (argv[1], "--schema") != 0))
    return xqtool_usage (&self);
  if (argc == 2)
    {
      g_autoptr(JsonNode) root = exercise_schema ();
      g_autoptr(JsonGenerator) gen = json_generator_new ();
      g_autofree char *text = NULL;

      json_generator_set_root (gen, root);
      json_generator_set_pretty (gen, TRUE);
      json_generator_set_indent (gen, 2);
      text = json_generator_to_data (gen, NULL);
      printf ("%s\n", text);
      return 0;
    }
  for (guint k = 0; k < n_kinds; k++)
    {
      const XqKind *kind = kinds[k];

      printf ("%s:%s%s%s%s%s%s\n", kind->name,
              kind->input & XQ_KIND_INPUT_TAP ? " tap" : "",
              kind->input & XQ_KIND_INPUT_MOVE ? " move" : "",
              kind->input & XQ_KIND_INPUT_CHOICES ? " choices" : "",
              kind->input & XQ_KIND_INPUT_TRAY ? " tray" : "",
              kind->input & XQ_KIND_INPUT_CHECK ? " check" : "",
              kind->input & XQ_KIND_INPUT_TEXT ? " text" : "");
      for (guint i = 0; i < kind->n_fields; i++)
        {
          const XqKindField *f = &kind->fields[i];
          g_autofree char *applies = f->applies ? g_strjoinv ("|", (char **) f->applies) : NULL;
          g_autofree char *required = f->required_for ? g_strjoinv ("|", (char **) f->required_for) : NULL;

          printf ("  %s %s", f->key, field_type_names[f->type]);
          if (applies != NULL)
            printf (" when %s=%s", f->rule_key, applies);
          if (f->required && required != NULL)
            printf (" required when %s=%s", f->rule_key, required);
          else if (f->required)
            printf (" required");
          printf ("\n");
        }
      /* Shown being done (xq-demo.h), or why not. */
      if (kind->demo != NULL)
        printf ("  demonstration yes\n");
      else
        printf ("  demonstration none: %s\n", kind->no_demo ? kind->no_demo : "(no reason given)");
    }
  return 0;
}

const XqToolCommand xqtool_lesson_commands[] = {
  { "validate", "PATH...", cmd_validate },
  { "proofs", "write|check [DIR]", cmd_proofs },
  { "lesson-stats", "[PATH...]", cmd_lesson_stats },
  { "kinds", "[--schema]", cmd_kinds },
  { NULL, NULL, NULL },
};

const XqToolCommand xqtool_lesson_bench[] = {
  { "lessons", "[--runs N] [DIR]", bench_lessons },
  { NULL, NULL, NULL },
};
