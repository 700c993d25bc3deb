/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include <string.h>

#include "xq-csv.h"

static void
add_field (GString *out, const char *text, gboolean defuse, gboolean last)
{
  gboolean quote = strpbrk (text, ",\"\r\n") != NULL;

  if (quote)
    g_string_append_c (out, '"');
  if (defuse && *text != '\0' && strchr ("=+-@\t\r", *text) != NULL)
    g_string_append_c (out, '\'');
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  if (quote)
    g_string_append_c (out, '"');
  g_string_append (out, last ? "\r\n" : ",");
}

void
xq_csv_add_text (GString *out, const char *text, gboolean last)
{
  g_return_if_fail (out != NULL);
  add_field (out, text != NULL ? text : "", TRUE, last);
}

void
xq_csv_add_code (GString *out, const char *text, gboolean last)
{
  g_return_if_fail (out != NULL);
  add_field (out, text != NULL ? text : "", FALSE, last);
}

void
xq_csv_add_number (GString *out, double value, gboolean known, gboolean last)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_if_fail (out != NULL);
  if (!known)
    {
      add_field (out, "", FALSE, last);
      return;
    }
  /* Whole numbers as integers; halves (tournament points) as "1.5". */
  if (value == (double) (gint64) value)
    g_snprintf (buf, sizeof buf, "%" G_GINT64_FORMAT, (gint64) value);
  else
    g_ascii_formatd (buf, sizeof buf, "%g", value);
  add_field (out, buf, FALSE, last);
}
