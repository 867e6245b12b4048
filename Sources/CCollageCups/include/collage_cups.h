/* CCollageCups: the only code that calls libcups.
 *
 * Why C: libcups reports failures through a thread-local last error and hands back lists it
 * allocates (jobs, destinations' options) that must be freed with its own calls; every call
 * here opens its own connection with a connect and I/O timeout (a print server off the network
 * must never hold the booth), returns a status code and fills a one-line message, so Swift never
 * holds an http_t or a cups_job_t.
 */
#ifndef COLLAGE_CUPS_H
#define COLLAGE_CUPS_H

#include <stddef.h>

typedef enum {
  COLLAGE_CUPS_OK = 0,
  COLLAGE_CUPS_NOT_FOUND = 1,   /* no such job (find), or no such queue (queue) */
  COLLAGE_CUPS_UNREACHABLE = 2, /* the server did not answer in time, or refused the connection */
  COLLAGE_CUPS_REFUSED = 3      /* the server answered with an error: message has it */
} collage_cups_status;

enum { COLLAGE_CUPS_MESSAGE_CAPACITY = 512 };

/** What the server knows of a job. */
typedef struct {
  int id;
  int state;        /* IPP job state: 3 pending, 4 held, 5 processing, 6 stopped, 7 canceled, 8 aborted, 9 completed */
} collage_cups_job;

/** What the server says of a queue. */
typedef struct {
  int accepting;    /* printer-is-accepting-jobs */
  int state;        /* IPP printer state: 3 idle, 4 processing, 5 stopped */
} collage_cups_queue;

/** Submits the file at `path` to `queue` as one job titled `title`, `copies` copies; the job's id
 *  in `*job`. The file is read and sent, whole, in one Print-Job before this returns: the server
 *  makes no job of a file cut short. */
collage_cups_status collage_cups_submit(const char *queue, const char *path, const char *title, int copies, int timeout_ms,
                                        int *job, char *message, size_t capacity);

/** Looks among this user's jobs on `queue` (pending, held, processing, stopped and kept ones) for
 *  the newest titled `title`; COLLAGE_CUPS_NOT_FOUND when there is none. A server that withholds
 *  its jobs' names from this user is COLLAGE_CUPS_REFUSED, never "not found". */
collage_cups_status collage_cups_find(const char *queue, const char *title, int timeout_ms, collage_cups_job *job,
                                      char *message, size_t capacity);

/** Whether `queue` exists, accepts jobs, and its state; NULL or empty is the default destination,
 *  whose name is written to `name` (capacity `name_capacity`). */
collage_cups_status collage_cups_queue_state(const char *queue, int timeout_ms, collage_cups_queue *state, char *name,
                                             size_t name_capacity, char *message, size_t capacity);

#endif
