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

/* The queue's URI, as a request names it. Returns 0 when it does not fit. */
static int queue_uri(const char *queue, char *uri, size_t capacity) {
  return httpAssembleURIf(HTTP_URI_CODING_ALL, uri, (int)capacity, "ipp", NULL, "localhost", 0, "/printers/%s", queue) == HTTP_URI_STATUS_OK;
}

/* One Print-Job, the file in its body with its length (cupsDoFileRequest), not libcups'
 * Create-Job then Send-Document (cupsPrintFile2): cupsd makes the job only once the whole body
 * is in, so a booth killed while it sends leaves no job, where a chunked Send-Document cut short
 * was printed as far as it went. */
collage_cups_status collage_cups_submit(const char *queue, const char *path, const char *title, int copies, int timeout_ms,
                                        int *job, char *message, size_t capacity) {
  if (capacity > 0) message[0] = '\0';
  char uri[HTTP_MAX_URI], resource[HTTP_MAX_URI];
  if (!queue_uri(queue, uri, sizeof uri) || snprintf(resource, sizeof resource, "/printers/%s", queue) >= (int)sizeof resource) {
    snprintf(message, capacity, "the queue's name is too long");
    return COLLAGE_CUPS_REFUSED;
  }
  ipp_t *request = ippNewRequest(IPP_OP_PRINT_JOB);
  if (request == NULL || ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", NULL, uri) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", NULL, cupsUser()) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "job-name", NULL, title) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_MIMETYPE, "document-format", NULL, CUPS_FORMAT_AUTO) == NULL ||
      ippAddInteger(request, IPP_TAG_JOB, IPP_TAG_INTEGER, "copies", copies) == NULL) {
    ippDelete(request);
    snprintf(message, capacity, "out of memory for the print request");
    return COLLAGE_CUPS_REFUSED;
  }
  http_t *http = connect_server(timeout_ms, message, capacity);
  if (http == NULL) {
    ippDelete(request);
    return COLLAGE_CUPS_UNREACHABLE;
  }
  ipp_t *response = cupsDoFileRequest(http, request, resource, path); /* frees the request */
  ipp_attribute_t *id = response != NULL ? ippFindAttribute(response, "job-id", IPP_TAG_INTEGER) : NULL;
  collage_cups_status status = COLLAGE_CUPS_OK;
  if (cupsLastError() > IPP_STATUS_OK_CONFLICTING || id == NULL || ippGetInteger(id, 0) <= 0) {
    status = failure("the print server took no job", message, capacity);
  } else {
    *job = ippGetInteger(id, 0);
  }
  ippDelete(response);
  httpClose(http);
  return status;
}

/* Jobs asked for in one Get-Jobs: cupsd answers at most 500 of them however many it keeps (the
 * oldest first), so a booth past its 500th job pages through them with first-index. */
enum { PAGE = 500 };

/* What a page of jobs can end with besides a count. */
enum { UNANSWERED = -1, UNNAMED = -2 };

/* The newest job by a title found so far. */
typedef struct {
  collage_cups_job *job;
  collage_cups_status status;
} found_t;

/* One page of this user's jobs on `queue` from `first` (1-based), the newest titled `title` kept
 * in `found`; `*last` is the page's highest job id. Returns how many jobs the page held;
 * UNANSWERED when the server did not answer, UNNAMED when a job came without its name, which
 * would make a strip's job look missing and the strip be sent again. */
static int jobs_page(http_t *http, const char *queue, int first, const char *title, int *last, found_t *found) {
  char uri[HTTP_MAX_URI];
  if (!queue_uri(queue, uri, sizeof uri)) return UNANSWERED;
  ipp_t *request = ippNewRequest(IPP_OP_GET_JOBS);
  if (request == NULL) return UNANSWERED;
  /* job-uuid makes cupsd read back the record of a job it has put away (a finished job's, about
   * a second after it finished): asked for only the three others, Debian 12's cupsd (2.4.2) answers
   * from what it keeps in memory, which lacks the name of a job made since it started, and the
   * booth would not know its own strip's job. */
  static const char *const wanted[] = {"job-id", "job-name", "job-state", "job-uuid"};
  if (ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "printer-uri", NULL, uri) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", NULL, cupsUser()) == NULL ||
      ippAddBoolean(request, IPP_TAG_OPERATION, "my-jobs", 1) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_KEYWORD, "which-jobs", NULL, "all") == NULL ||
      ippAddInteger(request, IPP_TAG_OPERATION, IPP_TAG_INTEGER, "first-index", first) == NULL ||
      ippAddInteger(request, IPP_TAG_OPERATION, IPP_TAG_INTEGER, "limit", PAGE) == NULL ||
      ippAddStrings(request, IPP_TAG_OPERATION, IPP_TAG_KEYWORD, "requested-attributes", 4, NULL, wanted) == NULL) {
    ippDelete(request);
    return UNANSWERED;
  }
  ipp_t *response = cupsDoRequest(http, request, "/");
  if (response == NULL) return UNANSWERED;
  if (ippGetStatusCode(response) > IPP_STATUS_OK_CONFLICTING) {
    ippDelete(response);
    return UNANSWERED;
  }
  int count = 0;
  ipp_attribute_t *attribute = ippFirstAttribute(response);
  while (attribute != NULL) {
    while (attribute != NULL && ippGetGroupTag(attribute) != IPP_TAG_JOB) attribute = ippNextAttribute(response);
    if (attribute == NULL) break;
    int id = 0, state = 0;
    const char *name = NULL;
    for (; attribute != NULL && ippGetGroupTag(attribute) == IPP_TAG_JOB; attribute = ippNextAttribute(response)) {
      const char *key = ippGetName(attribute);
      if (key == NULL) continue;
      if (strcmp(key, "job-id") == 0) id = ippGetInteger(attribute, 0);
      else if (strcmp(key, "job-state") == 0) state = ippGetInteger(attribute, 0);
      else if (strcmp(key, "job-name") == 0) name = ippGetString(attribute, 0, NULL);
    }
    if (name == NULL) {
      ippDelete(response);
      return UNNAMED;
    }
    count++;
    if (id > *last) *last = id;
    if (id > 0 && strcmp(name, title) == 0 && (found->status != COLLAGE_CUPS_OK || id > found->job->id)) {
      found->job->id = id;
      found->job->state = state;
      found->status = COLLAGE_CUPS_OK;
    }
  }
  ippDelete(response);
  return count;
}

collage_cups_status collage_cups_find(const char *queue, const char *title, int timeout_ms, collage_cups_job *job,
                                      char *message, size_t capacity) {
  if (capacity > 0) message[0] = '\0';
  http_t *http = connect_server(timeout_ms, message, capacity);
  if (http == NULL) return COLLAGE_CUPS_UNREACHABLE;
  found_t found = {job, COLLAGE_CUPS_NOT_FOUND};
  for (int first = 1, last = 0;;) {
    int before = last;
    int count = jobs_page(http, queue, first, title, &last, &found);
    if (count == UNNAMED) {
      snprintf(message, capacity, "the print server withholds its jobs' names (job-name), so this strip's job cannot be told");
      found.status = COLLAGE_CUPS_REFUSED;
      break;
    }
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
