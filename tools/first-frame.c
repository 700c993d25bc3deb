/* SPDX-License-Identifier: GPL-3.0-or-later */
/* first-frame: starts a program and reports when its first window is mapped
 * and first drawn, and how much memory it holds a while after the launch.
 *
 *   first-frame [--rss-at SECONDS] PROGRAM [ARG...]
 *
 * prints one line:
 *
 *   map-ms FRAME-ms CPU-ms RSS-KiB
 *
 * map-ms: launch to the MapNotify of a top-level window whose _NET_WM_PID is
 * the program's; frame-ms: launch to the program's first drawing into that
 * window (a DamageNotify, that is, the first frame a person sees); CPU-ms: user and
 * system time the process had used when that frame arrived (the same work
 * whatever else the machine is doing); RSS-KiB: VmRSS from /proc/PID/status
 * SECONDS (default 2) after the launch.  The program is then killed (after
 * 60 s at the latest, with -1 for what did not come).
 *
 * Mapping a window makes the X server paint its background, which reports
 * damage in the same millisecond as the map; that one is not the program's
 * and is skipped (a program draws its first frame only after it has seen
 * the map, laid out its widgets and rendered them).
 *
 * It listens for X events instead of polling: `xdotool search --sync` sleeps
 * half a second between looks, which rounds every launch up to 0.5 s or 1 s
 * and hides any difference between two programs.
 *
 * Built and run by tools/bench-startup.sh (needs libx11-dev, libxdamage-dev). */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/extensions/Xdamage.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* utime + stime of PID in milliseconds, or -1. */
static double
cpu_ms (pid_t pid)
{
  char path[64], buf[1024], *p;
  unsigned long utime, stime;
  FILE *f;
  size_t n;

  snprintf (path, sizeof path, "/proc/%d/stat", (int) pid);
  f = fopen (path, "r");
  if (f == NULL)
    return -1;
  n = fread (buf, 1, sizeof buf - 1, f);
  fclose (f);
  buf[n] = '\0';
  /* The command name may hold spaces; the fields start after its ')'. */
  p = strrchr (buf, ')');
  if (p == NULL
      || sscanf (p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
    return -1;
  return (utime + stime) * 1000.0 / sysconf (_SC_CLK_TCK);
}

static long
rss_kib (pid_t pid)
{
  char path[64], line[256];
  long kib = -1;
  FILE *f;

  snprintf (path, sizeof path, "/proc/%d/status", (int) pid);
  f = fopen (path, "r");
  if (f == NULL)
    return -1;
  while (fgets (line, sizeof line, f) != NULL)
    if (sscanf (line, "VmRSS: %ld", &kib) == 1)
      break;
  fclose (f);
  return kib;
}

/* The _NET_WM_PID of WINDOW, or 0. */
static pid_t
window_pid (Display *dpy,
            Window   window)
{
  Atom atom = XInternAtom (dpy, "_NET_WM_PID", False), type;
  unsigned long n, after;
  unsigned char *data = NULL;
  pid_t pid = 0;
  int format;

  if (XGetWindowProperty (dpy, window, atom, 0, 1, False, XA_CARDINAL, &type, &format,
                          &n, &after, &data) == Success && data != NULL)
    {
      if (type == XA_CARDINAL && format == 32 && n == 1)
        pid = (pid_t) *(unsigned long *) data;
      XFree (data);
    }
  return pid;
}

static int
ignore_x_error (Display     *dpy __attribute__ ((unused)),
                XErrorEvent *event __attribute__ ((unused)))
{
  /* A window may be gone before its properties are read. */
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  double rss_at = 2.0, start, map_ms = -1, frame_ms = -1, frame_cpu = -1;
  int background_painted = 0;
  long rss = -1;
  int damage_event, damage_error, argi = 1, status;
  Window mapped = None;
  Display *dpy;
  pid_t pid;

  if (argc > 2 && strcmp (argv[1], "--rss-at") == 0)
    {
      rss_at = atof (argv[2]);
      argi = 3;
    }
  if (argi >= argc)
    {
      fprintf (stderr, "usage: first-frame [--rss-at SECONDS] PROGRAM [ARG...]\n");
      return 2;
    }
  dpy = XOpenDisplay (NULL);
  if (dpy == NULL)
    {
      fprintf (stderr, "first-frame: cannot open the display\n");
      return 1;
    }
  if (!XDamageQueryExtension (dpy, &damage_event, &damage_error))
    {
      fprintf (stderr, "first-frame: the X server has no DAMAGE extension\n");
      return 1;
    }
  XSetErrorHandler (ignore_x_error);
  XSelectInput (dpy, DefaultRootWindow (dpy), SubstructureNotifyMask);
  XSync (dpy, False);

  start = now_ms ();
  pid = fork ();
  if (pid < 0)
    {
      perror ("first-frame: fork");
      return 1;
    }
  if (pid == 0)
    {
      execvp (argv[argi], argv + argi);
      fprintf (stderr, "first-frame: %s: %s\n", argv[argi], strerror (errno));
      _exit (127);
    }

  /* Until the first frame and the RSS reading are both in, or 60 s. */
  while ((frame_ms < 0 || rss < 0) && now_ms () - start < 60e3)
    {
      struct pollfd pfd = { .fd = ConnectionNumber (dpy), .events = POLLIN };
      double left = rss_at * 1000 - (now_ms () - start);

      if (waitpid (pid, &status, WNOHANG) == pid)
        {
          fprintf (stderr, "first-frame: %s exited\n", argv[argi]);
          return 1;
        }
      if (rss < 0 && left <= 0)
        rss = rss_kib (pid);
      if (XPending (dpy) == 0 && poll (&pfd, 1, rss < 0 && left < 50 ? (int) left + 1 : 50) <= 0)
        continue;
      while (XPending (dpy) > 0)
        {
          XEvent event;

          XNextEvent (dpy, &event);
          if (event.type == CreateNotify)
            /* Watch every new top-level from its creation, so that no
             * drawing between the map and our request is missed; every
             * drawing is reported, so the background's report cannot hide
             * the program's. */
            XDamageCreate (dpy, event.xcreatewindow.window, XDamageReportRawRectangles);
          else if (event.type == MapNotify && mapped == None
                   && window_pid (dpy, event.xmap.window) == pid)
            {
              mapped = event.xmap.window;
              map_ms = now_ms () - start;
            }
          else if (event.type == damage_event + XDamageNotify && mapped != None && frame_ms < 0
                   && ((XDamageNotifyEvent *) &event)->drawable == mapped)
            {
              double t = now_ms () - start;

              if (!background_painted && t - map_ms <= 2)
                background_painted = 1;
              else
                {
                  frame_ms = t;
                  frame_cpu = cpu_ms (pid);
                }
            }
        }
    }
  printf ("%.0f %.0f %.0f %ld\n", map_ms, frame_ms, frame_cpu, rss);
  kill (pid, SIGTERM);
  waitpid (pid, &status, 0);
  XCloseDisplay (dpy);
  return map_ms < 0 || frame_ms < 0 ? 1 : 0;
}
