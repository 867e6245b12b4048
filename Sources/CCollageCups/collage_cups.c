#include "collage_cups.h"

#include <cups/cups.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One connection per call, to the server cupsServer() names (CUPS_SERVER, client.conf, else the
 * local socket), connected within `timeout_ms` and each read or write bounded by it. */
static http_t *connect_server(int timeout_ms, char *message, size_t capacity) {
  http_t *http = httpConnect2(cupsServer(), ippPort(), NULL, AF_UNSPEC, cupsEncryption(), 1, timeout_ms, NULL);
  if (http == NULL) {
    snprintf(message, capacity, "cannot reach the print server %s: %s", cupsServer(), strerror(errno));
    return NULL;
  }
  httpSetTimeout(http, timeout_ms / 1000.0, NULL, NULL);
  return http;
}

/* The last request's failure: unreachable when the connection broke or timed out. */
static collage_cups_status failure(const char *action, char *message, size_t capacity) {
  ipp_status_t status = cupsLastError();
  (void)action;
  snprintf(message, capacity, "%s", cupsLastErrorString());
  return status == IPP_STATUS_ERROR_SERVICE_UNAVAILABLE || status == IPP_STATUS_ERROR_INTERNAL ? COLLAGE_CUPS_UNREACHABLE
                                                                                              : COLLAGE_CUPS_REFUSED;
}

collage_cups_status collage_cups_submit(const char *queue, const char *path, const char *title, int copies, int timeout_ms,
                                        int *job, char *message, size_t capacity) {
  if (capacity > 0) message[0] = '\0';
  http_t *http = connect_server(timeout_ms, message, capacity);
  if (http == NULL) return COLLAGE_CUPS_UNREACHABLE;
  char count[16];
  snprintf(count, sizeof count, "%d", copies);
  cups_option_t *options = NULL;
  int option_count = cupsAddOption("copies", count, 0, &options);
  int id = cupsPrintFile2(http, queue, path, title, option_count, options);
  cupsFreeOptions(option_count, options);
  collage_cups_status status = COLLAGE_CUPS_OK;
  if (id <= 0) {
    status = failure("the print server took no job", message, capacity);
  } else {
    *job = id;
  }
  httpClose(http);
  return status;
}

/* Jobs asked for in one Get-Jobs: cupsd answers at most 500 of them however many it keeps (the
 * oldest first), so a booth past its 500th job pages through them with first-index. */
enum { PAGE = 500 };

/* One page of this user's jobs on `queue` from `first` (1-based): for each one titled `title`,
 * `seen` is called with its id, state and whether it still waits for its document; `*last` is
 * the page's highest job id. Returns how many jobs the page held, or -1 when the server did not
 * answer. */
static int jobs_page(http_t *http, const char *queue, int first, const char *title, int *last,
                     int (*seen)(http_t *, const char *, int, int, int, void *), void *context) {
  char uri[HTTP_MAX_URI];
  if (httpAssembleURIf(HTTP_URI_CODING_ALL, uri, sizeof uri, "ipp", NULL, "localhost", 0, "/printers/%s", queue) != HTTP_URI_STATUS_OK)
    return -1;
  ipp_t *request = ippNewRequest(IPP_OP_GET_JOBS);
  if (request == NULL) return -1;
  static const char *const wanted[] = {"job-id", "job-name", "job-state", "job-state-reasons"};
  if (ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", NULL, uri) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", NULL, cupsUser()) == NULL ||
      ippAddBoolean(request, IPP_TAG_OPERATION, "my-jobs", 1) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_KEYWORD, "which-jobs", NULL, "all") == NULL ||
      ippAddInteger(request, IPP_TAG_OPERATION, IPP_TAG_INTEGER, "first-index", first) == NULL ||
      ippAddInteger(request, IPP_TAG_OPERATION, IPP_TAG_INTEGER, "limit", PAGE) == NULL ||
      ippAddStrings(request, IPP_TAG_OPERATION, IPP_TAG_KEYWORD, "requested-attributes", 4, NULL, wanted) == NULL) {
    ippDelete(request);
    return -1;
  }
  ipp_t *response = cupsDoRequest(http, request, "/");
  if (response == NULL) return -1;
  if (ippGetStatusCode(response) > IPP_STATUS_OK_CONFLICTING) {
    ippDelete(response);
    return -1;
  }
  int count = 0, stopped = 0;
  ipp_attribute_t *attribute = ippFirstAttribute(response);
  while (attribute != NULL && !stopped) {
    while (attribute != NULL && ippGetGroupTag(attribute) != IPP_TAG_JOB) attribute = ippNextAttribute(response);
    if (attribute == NULL) break;
    int id = 0, state = 0, incoming = 0;
    const char *name = NULL;
    for (; attribute != NULL && ippGetGroupTag(attribute) == IPP_TAG_JOB; attribute = ippNextAttribute(response)) {
      const char *key = ippGetName(attribute);
      if (key == NULL) continue;
      if (strcmp(key, "job-id") == 0) id = ippGetInteger(attribute, 0);
      else if (strcmp(key, "job-state") == 0) state = ippGetInteger(attribute, 0);
      else if (strcmp(key, "job-name") == 0) name = ippGetString(attribute, 0, NULL);
      else if (strcmp(key, "job-state-reasons") == 0)
        for (int i = 0; i < ippGetCount(attribute); i++) {
          const char *reason = ippGetString(attribute, i, NULL);
          if (reason != NULL && strcmp(reason, "job-incoming") == 0) incoming = 1;
        }
    }
    count++;
    if (id > *last) *last = id;
    if (id > 0 && name != NULL && strcmp(name, title) == 0) stopped = seen(http, queue, id, state, incoming, context);
  }
  ippDelete(response);
  return stopped ? -1 : count;
}

/* What `collage_cups_find` keeps of the jobs by its title. */
typedef struct {
  collage_cups_job *job;
  collage_cups_status status;
} found_t;

/* A job by the title: the newest that will print or did counts. One still waiting for its
 * document was made by a booth killed before it sent the file, and would never print: it is
 * cancelled, as never had. Returns nonzero to stop (a cancel that failed). */
static int seen_job(http_t *http, const char *queue, int id, int state, int incoming, void *context) {
  found_t *found = context;
  if (state < IPP_JSTATE_CANCELED && incoming) return cupsCancelJob2(http, queue, id, 0) > IPP_STATUS_OK_CONFLICTING;
  if (found->status == COLLAGE_CUPS_OK && id < found->job->id) return 0;
  found->job->id = id;
  found->job->state = state;
  found->status = COLLAGE_CUPS_OK;
  return 0;
}

collage_cups_status collage_cups_find(const char *queue, const char *title, int timeout_ms, collage_cups_job *job,
                                      char *message, size_t capacity) {
  if (capacity > 0) message[0] = '\0';
  http_t *http = connect_server(timeout_ms, message, capacity);
  if (http == NULL) return COLLAGE_CUPS_UNREACHABLE;
  found_t found = {job, COLLAGE_CUPS_NOT_FOUND};
  for (int first = 1, last = 0;;) {
    int before = last;
    int count = jobs_page(http, queue, first, title, &last, seen_job, &found);
    if (count < 0) {
      found.status = failure("the print server did not say what it holds", message, capacity);
      break;
    }
    if (count < PAGE) break;
    if (last <= before) {
      /* A server that ignores first-index would hand the same page again and again. */
      snprintf(message, capacity, "the print server does not page its jobs (first-index)");
      found.status = COLLAGE_CUPS_REFUSED;
      break;
    }
    first += count;
  }
  httpClose(http);
  return found.status;
}

collage_cups_status collage_cups_queue_state(const char *queue, int timeout_ms, collage_cups_queue *state, char *name,
                                             size_t name_capacity, char *message, size_t capacity) {
  if (capacity > 0) message[0] = '\0';
  if (name_capacity > 0) name[0] = '\0';
  http_t *http = connect_server(timeout_ms, message, capacity);
  if (http == NULL) return COLLAGE_CUPS_UNREACHABLE;
  cups_dest_t *dest = cupsGetNamedDest(http, queue != NULL && queue[0] != '\0' ? queue : NULL, NULL);
  collage_cups_status status = COLLAGE_CUPS_OK;
  if (dest == NULL) {
    ipp_status_t error = cupsLastError();
    if (error == IPP_STATUS_OK || error == IPP_STATUS_ERROR_NOT_FOUND) {
      snprintf(message, capacity, "%s", queue != NULL && queue[0] != '\0' ? "no such queue" : "no default destination");
      status = COLLAGE_CUPS_NOT_FOUND;
    } else {
      status = failure("the print server did not answer", message, capacity);
    }
  } else {
    const char *accepting = cupsGetOption("printer-is-accepting-jobs", dest->num_options, dest->options);
    const char *printer = cupsGetOption("printer-state", dest->num_options, dest->options);
    state->accepting = accepting != NULL && strcmp(accepting, "true") == 0;
    state->state = printer != NULL ? (int)strtol(printer, NULL, 10) : 0;
    snprintf(name, name_capacity, "%s", dest->name);
    cupsFreeDests(1, dest);
  }
  httpClose(http);
  return status;
}
