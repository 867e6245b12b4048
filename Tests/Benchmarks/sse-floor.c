/* The floor under `watch --serve`'s fan-out, for serve-benchmark.py: the same writes with
 * nothing around them. One writev(2) of an SSE event as an HTTP chunk (size line, event, CRLF:
 * what NIO hands the kernel) to each of N loopback TCP sockets, whose peers (another process, a
 * thread blocked in read per socket, as the benchmark's Python clients) wake to each one; a
 * pause between events, as between a booth's. On loopback the kernel delivers to the peer
 * inside the writer's call, so the writer's CPU includes the receiving side of TCP: a booth's
 * guests on Wi-Fi cost it less. Prints the writer's CPU seconds.
 *
 * Usage: sse-floor CLIENTS EVENTS BYTES */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_CLIENTS = 1024 };

static void *drain(void *socket) {
  char buffer[65536];
  while (read((int)(long)socket, buffer, sizeof buffer) > 0) {}
  return NULL;
}

static double cpu_seconds(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) { perror("getrusage"); exit(1); }
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

int main(int argc, char **argv) {
  int clients = argc > 1 ? atoi(argv[1]) : 64, events = argc > 2 ? atoi(argv[2]) : 80, bytes = argc > 3 ? atoi(argv[3]) : 200;
  if (clients < 1 || clients > MAX_CLIENTS || events < 1 || bytes < 1) { fprintf(stderr, "usage: sse-floor CLIENTS EVENTS BYTES\n"); return 2; }
  int listener = socket(AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in address = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
  socklen_t length = sizeof address;
  if (listener < 0 || bind(listener, (void *)&address, sizeof address) || listen(listener, MAX_CLIENTS) ||
      getsockname(listener, (void *)&address, &length)) { perror("listen"); return 1; }
  pid_t readers = fork();
  if (readers < 0) { perror("fork"); return 1; }
  if (readers == 0) {
    pthread_t threads[MAX_CLIENTS];
    for (int i = 0; i < clients; i++) {
      int s = socket(AF_INET, SOCK_STREAM, 0);
      if (s < 0 || connect(s, (void *)&address, sizeof address) || pthread_create(&threads[i], NULL, drain, (void *)(long)s)) _exit(1);
    }
    for (int i = 0; i < clients; i++) pthread_join(threads[i], NULL);
    _exit(0);
  }
  int sockets[MAX_CLIENTS], on = 1;
  for (int i = 0; i < clients; i++) {
    if ((sockets[i] = accept(listener, NULL, NULL)) < 0) { perror("accept"); return 1; }
    setsockopt(sockets[i], IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);  /* as NIO sets it */
  }
  char *event = malloc((size_t)bytes), size_line[16];
  if (event == NULL) return 1;
  memset(event, 'x', (size_t)bytes);
  int size_length = snprintf(size_line, sizeof size_line, "%x\r\n", bytes);
  struct iovec chunk[3] = {{size_line, (size_t)size_length}, {event, (size_t)bytes}, {"\r\n", 2}};
  usleep(200000);  /* every reader blocked in read */
  double before = cpu_seconds();
  for (int e = 0; e < events; e++) {
    for (int i = 0; i < clients; i++)
      if (writev(sockets[i], chunk, 3) != size_length + bytes + 2) { perror("writev"); return 1; }
    usleep(10000);
  }
  double used = cpu_seconds() - before;
  printf("%.4f\n", used);
  for (int i = 0; i < clients; i++) close(sockets[i]);
  waitpid(readers, NULL, 0);
  return 0;
}
