/* The instant bot of benches/bench_bots.py: it answers every decision at once with its first
 * legal move (BOTS.md), so that timing it measures the protocol and nothing else. Standard C. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *HELLO =
    "{\"type\":\"hello\",\"protocol\":1,\"name\":\"instant\","
    "\"games\":{\"zheng_fen\":[3,4,5,6],\"zen_cheng_you\":[4]}}\n";

int main(void) {
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, stdin) != -1) {
        if (strstr(line, "\"type\":\"decision\"") != NULL) {
            const char *id = strstr(line, "\"id\":");
            printf("{\"type\":\"move\",\"id\":%ld,\"index\":0}\n", id ? strtol(id + 5, NULL, 10) : 0L);
        } else if (strstr(line, "\"type\":\"hello\"") != NULL) {
            fputs(HELLO, stdout);
        } else if (strstr(line, "\"type\":\"bye\"") != NULL) {
            break;
        }
        fflush(stdout);
    }
    free(line);
    return 0;
}
