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

/* Whether job `id` is still waiting for its document (IPP's job-state-reason job-incoming): a
 * client that made the job died before sending it, so it will never print. 1 yes, 0 no, -1 when
 * the server did not say. */
static int is_incoming(http_t *http, int id) {
  char uri[HTTP_MAX_URI];
  if (httpAssembleURIf(HTTP_URI_CODING_ALL, uri, sizeof uri, "ipp", NULL, "localhost", 0, "/jobs/%d", id) != HTTP_URI_STATUS_OK)
    return -1;
  ipp_t *request = ippNewRequest(IPP_OP_GET_JOB_ATTRIBUTES);
  if (request == NULL) return -1;
  static const char *const wanted[] = {"job-state-reasons"};
  if (ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_URI, "job-uri", NULL, uri) == NULL ||
      ippAddString(request, IPP_TAG_OPERATION, IPP_TAG_NAME, "requesting-user-name", NULL, cupsUser()) == NULL ||
      ippAddStrings(request, IPP_TAG_OPERATION, IPP_TAG_KEYWORD, "requested-attributes", 1, NULL, wanted) == NULL) {
    ippDelete(request);
    return -1;
  }
  ipp_t *response = cupsDoRequest(http, request, "/");
  if (response == NULL) return -1;
  int incoming = ippGetStatusCode(response) > IPP_STATUS_OK_CONFLICTING ? -1 : 0;
  ipp_attribute_t *reasons = incoming == 0 ? ippFindAttribute(response, "job-state-reasons", IPP_TAG_KEYWORD) : NULL;
  for (int i = 0; reasons != NULL && i < ippGetCount(reasons); i++) {
    const char *reason = ippGetString(reasons, i, NULL);
    if (reason != NULL && strcmp(reason, "job-incoming") == 0) incoming = 1;
  }
  ippDelete(response);
  return incoming;
}

collage_cups_status collage_cups_find(const char *queue, const char *title, int timeout_ms, collage_cups_job *job,
                                      char *message, size_t capacity) {
  if (capacity > 0) message[0] = '\0';
  http_t *http = connect_server(timeout_ms, message, capacity);
  if (http == NULL) return COLLAGE_CUPS_UNREACHABLE;
  cups_job_t *jobs = NULL;
  int count = cupsGetJobs2(http, &jobs, queue, 1, CUPS_WHICHJOBS_ALL);
  collage_cups_status status = COLLAGE_CUPS_NOT_FOUND;
  if (count < 0) {
    status = failure("the print server did not list its jobs", message, capacity);
  } else {
    for (int i = 0; i < count && status != COLLAGE_CUPS_UNREACHABLE && status != COLLAGE_CUPS_REFUSED; i++) {
      if (jobs[i].title == NULL || strcmp(jobs[i].title, title) != 0) continue;
      if (jobs[i].state < IPP_JSTATE_CANCELED) {
        /* A job made by a booth killed before it sent the document: cancelled, as never had. */
        int incoming = is_incoming(http, jobs[i].id);
        if (incoming < 0 || (incoming == 1 && cupsCancelJob2(http, queue, jobs[i].id, 0) > IPP_STATUS_OK_CONFLICTING)) {
          status = failure("the print server did not say what it holds", message, capacity);
          continue;
        }
        if (incoming == 1) continue;
      }
      if (status == COLLAGE_CUPS_OK && jobs[i].id < job->id) continue;
      job->id = jobs[i].id;
      job->state = (int)jobs[i].state;
      status = COLLAGE_CUPS_OK;
    }
  }
  cupsFreeJobs(count > 0 ? count : 0, jobs);
  httpClose(http);
  return status;
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
