/* The floor of any per-decision pipe protocol (benches/bench_bots.py): one short line sent to
 * another process over a pipe and one short line back, with no work between. Standard C and
 * POSIX.
 *
 *   pingpong echo       answers every line it reads on stdin with one short line on stdout
 *   pingpong drive N    forks an echo and times N round trips over two pipes; prints each
 *                       round trip's nanoseconds, one a line
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char PING[] = "{\"type\":\"decision\",\"id\":1}\n";
static const char PONG[] = "{\"type\":\"move\",\"id\":1,\"index\":0}\n";

static int echo(int in, int out) {
    char buffer[4096];
    ssize_t got;
    while ((got = read(in, buffer, sizeof buffer)) > 0) {
        if (write(out, PONG, sizeof PONG - 1) < 0) return 1;
    }
    return 0;
}

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int drive(long trips) {
    int to_child[2], from_child[2];
    if (pipe(to_child) || pipe(from_child)) return 1;
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        close(to_child[1]);
        close(from_child[0]);
        _exit(echo(to_child[0], from_child[1]));
    }
    close(to_child[0]);
    close(from_child[1]);
    long long *took = malloc(sizeof *took * (size_t)trips);
    char buffer[4096];
    for (long i = 0; i < trips; i++) {
        long long begun = now_ns();
        if (write(to_child[1], PING, sizeof PING - 1) < 0) return 1;
        if (read(from_child[0], buffer, sizeof buffer) <= 0) return 1;
        took[i] = now_ns() - begun;
    }
    close(to_child[1]);
    for (long i = 0; i < trips; i++) printf("%lld\n", took[i]);
    free(took);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "echo") == 0) return echo(0, 1);
    if (argc >= 3 && strcmp(argv[1], "drive") == 0) return drive(atol(argv[2]));
    fprintf(stderr, "usage: pingpong echo | pingpong drive N\n");
    return 2;
}
