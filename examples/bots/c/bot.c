/* An example bot for zhengfen's bot protocol (BOTS.md), in C99 with the standard library alone.
 *
 *   gcc -std=c99 -O2 -o examples/bots/c/bot examples/bots/c/bot.c
 *   zhengfen bot check examples/bots/c/bot
 *   zhengfen arena --agents 'process(cmd="examples/bots/c/bot"),random'
 *
 * It reads one JSON object a line on standard input and answers `hello` and `decision` lines on
 * standard output; every other message is ignored. The strategy (the same in the Java,
 * JavaScript and Python examples) reads each legal move's notation, `KIND RANK LENGTH: CARDS`:
 *  - a move that plays the whole hand is played at once;
 *  - in Zen Cheng You's declarations (`blind`, `declare`) the bot passes;
 *  - leading, it plays the lowest card it holds in the longest combination that holds it,
 *    keeping back jokers, 2s, bombs, specials and straight flushes ("precious" moves);
 *  - following, it passes over its partner's play (Zen Cheng You), else plays the cheapest move
 *    that beats the table; a precious move only when the trick holds card points or its hand is
 *    short.
 * The JSON reader below does not build a tree: it finds a member's value in the text of an
 * object and skips values it does not need. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHORT_HAND 6      /* with this many cards or fewer, precious moves may be spent */
#define WORTH_FIGHTING 10 /* card points in the trick that justify a precious move */
#define MAX_MOVES 65536   /* the most legal moves read from one decision */
#define TEXT 4096         /* the longest notation or string kept (a hand has at most 27 cards) */

/* Rank order of the notation (CONFORMANCE.md §1), low to high; a move's value is its index. */
static const char *RANKS[] = {"3",  "4",  "5",     "6",            "7",             "8", "9",
                              "10", "J",  "Q",     "K",            "A",             "2", "BJ",
                              "RJ", "joker", "mixed_5_10_k", "suited_5_10_k", "four_twos"};

typedef struct { int kind_pass, declaring, precious, value, lowest, ncards; } Move;

static const char *ws(const char *p) { while (*p && isspace((unsigned char)*p)) p++; return p; }

/* Skips one JSON value (string, number, literal, array or object); returns what follows. */
static const char *skip(const char *p) {
    p = ws(p);
    if (*p == '"') {
        for (p++; *p && *p != '"'; p++) if (*p == '\\' && p[1]) p++;
        return *p ? p + 1 : p;
    }
    if (*p == '{' || *p == '[') {
        int depth = 0;
        do {
            if (*p == '"') { p = skip(p); continue; }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') depth--;
            p++;
        } while (*p && depth > 0);
        return p;
    }
    while (*p && !strchr(",]} \t\r\n", *p)) p++;
    return p;
}

/* Appends code point `c` to `out` as UTF-8 (the bot's strings are ASCII; this keeps others). */
static size_t put_utf8(char *out, size_t n, size_t size, unsigned c) {
    if (c < 0x80 && n + 1 < size) {
        out[n++] = (char)c;
    } else if (c >= 0x80 && c < 0x800 && n + 2 < size) {
        out[n++] = (char)(0xC0 | c >> 6);
        out[n++] = (char)(0x80 | (c & 0x3F));
    } else if (c >= 0x800 && n + 3 < size) {
        out[n++] = (char)(0xE0 | c >> 12);
        out[n++] = (char)(0x80 | ((c >> 6) & 0x3F));
        out[n++] = (char)(0x80 | (c & 0x3F));
    }
    return n;
}

/* Reads a JSON string at `p` into `out` (escapes decoded); returns what follows it. */
static const char *string(const char *p, char *out, size_t size) {
    size_t n = 0;
    for (p = ws(p) + 1; *p && *p != '"'; p++) {
        if (*p != '\\') {
            if (n + 1 < size) out[n++] = *p; /* raw bytes, UTF-8 included, copied as they are */
            continue;
        }
        char c = *++p, hex[5] = {0};
        if (!c) break;
        if (c == 'u' && strlen(p) > 4) {
            memcpy(hex, p + 1, 4);
            n = put_utf8(out, n, size, (unsigned)strtoul(hex, NULL, 16));
            p += 4;
            continue;
        }
        c = c == 'n' ? '\n' : c == 't' ? '\t' : c == 'r' ? '\r' : c == 'b' ? '\b'
          : c == 'f' ? '\f' : c;
        if (n + 1 < size) out[n++] = c; /* also \" \\ \/ */
    }
    out[n] = 0;
    return *p ? p + 1 : p;
}

/* The value of member `key` in the object at `obj`, or NULL when it has none. */
static const char *member(const char *obj, const char *key) {
    char name[64];
    const char *p = obj ? ws(obj) : NULL;
    if (!p || *p != '{') return NULL;
    for (p = ws(p + 1); *p == '"'; p = ws(p)) {
        p = ws(string(p, name, sizeof name));
        if (*p != ':') return NULL;
        p = ws(p + 1);
        if (strcmp(name, key) == 0) return p;
        p = ws(skip(p));
        if (*p == ',') p++;
    }
    return NULL;
}

/* The element after the one at `p` in an array, or NULL at its end; `array_first` the first. */
static const char *array_next(const char *p) {
    p = p ? ws(skip(p)) : "";
    return *p == ',' ? ws(p + 1) : NULL;
}
static const char *array_first(const char *p) {
    p = p ? ws(p) : "";
    return (*p == '[' && *ws(p + 1) != ']') ? ws(p + 1) : NULL;
}

static int rank_index(const char *rank) {
    for (int i = 0; i < (int)(sizeof RANKS / sizeof *RANKS); i++)
        if (strcmp(RANKS[i], rank) == 0) return i;
    return -1;
}

/* The rank of a card token, written into `rank`: `10h` -> `10`, `BJ` -> `BJ`. */
static void card_rank(const char *card, char *rank) {
    size_t n = strlen(card);
    strcpy(rank, card);
    if (strcmp(card, "BJ") != 0 && strcmp(card, "RJ") != 0 && n > 0) rank[n - 1] = 0;
}

/* Reads one legal move's notation: counts its cards, its value, lowest card and the points. */
static Move read_move(const char *text, int *points) {
    Move m = {0, 0, 0, -1, 1000, 0};
    char copy[TEXT], kind[64] = "", rank[64] = "", card_r[16];
    const char *colon = strchr(text, ':');
    m.kind_pass = strcmp(text, "pass") == 0;
    m.declaring = strcmp(text, "blind") == 0 || strcmp(text, "declare") == 0;
    if (points) *points = 0;
    if (!colon) return m;
    sscanf(text, "%63s %63s", kind, rank);
    m.value = rank_index(rank);
    m.precious = !strcmp(kind, "bomb") || !strcmp(kind, "special")
              || !strcmp(kind, "straight_flush");
    snprintf(copy, sizeof copy, "%s", colon + 1);
    for (char *card = strtok(copy, " \t"); card; card = strtok(NULL, " \t")) {
        if (strlen(card) > 3) continue;
        card_rank(card, card_r);
        int r = rank_index(card_r);
        m.ncards++;
        if (r >= 0 && r < m.lowest) m.lowest = r;
        if (!strcmp(card_r, "2") || !strcmp(card_r, "BJ") || !strcmp(card_r, "RJ")) m.precious = 1;
        if (points && !strcmp(card_r, "5")) *points += 5; /* card points, RULES.md §1.8 */
        if (points && (!strcmp(card_r, "10") || !strcmp(card_r, "K"))) *points += 10;
    }
    return m;
}

/* Is `a` before `b` by the key (lowest card, most cards, value) or (value, fewest cards)? */
static int before(const Move *a, const Move *b, int lead) {
    if (lead) {
        if (a->lowest != b->lowest) return a->lowest < b->lowest;
        if (a->ncards != b->ncards) return a->ncards > b->ncards;
        return a->value < b->value;
    }
    if (a->value != b->value) return a->value < b->value;
    return a->ncards < b->ncards;
}

/* The index of the move to play in the decision at `msg` (BOTS.md §3). */
static int choose(const char *msg, int zcy) {
    char text[TEXT];
    static Move moves[MAX_MOVES];
    int n = 0, pass = -1, declaring = 0, hand_size = 0, points = 0, seat = -1, table_player = -1;
    const char *obs = member(msg, "observation"), *p;
    for (p = array_first(member(msg, "legal")); p && n < MAX_MOVES; p = array_next(p), n++) {
        string(p, text, sizeof text);
        moves[n] = read_move(text, NULL);
        if (moves[n].kind_pass && pass < 0) pass = n;
        declaring |= moves[n].declaring;
    }
    if (declaring && pass >= 0) return pass; /* declarations: never bet on finishing first */
    if ((p = member(obs, "hand")) && *p == '"') {
        string(p, text + 1, sizeof text - 1);
        text[0] = ':';
        hand_size = read_move(text, NULL).ncards;
    }
    for (int i = 0; i < n; i++)
        if (moves[i].ncards == hand_size && hand_size > 0) return i; /* goes out */
    if ((p = member(obs, "seat"))) seat = atoi(p);
    if ((p = member(obs, "table_player")) && isdigit((unsigned char)*p)) table_player = atoi(p);
    if (pass >= 0 && zcy && table_player >= 0 && table_player % 2 == seat % 2)
        return pass; /* the partner holds the trick */
    for (p = array_first(member(obs, "trick")); p; p = array_next(p)) {
        int play_points;
        const char *play = array_next(array_first(p));
        if (play && *play == '"') {
            string(play, text, sizeof text);
            read_move(text, &play_points);
            points += play_points;
        }
    }
    /* the best cheap move; with none, a precious one when leading or when worth it; or pass */
    int best = -1, cheap = 0;
    for (int i = 0; i < n; i++) cheap |= moves[i].ncards > 0 && !moves[i].precious;
    int spend = pass < 0 || points >= WORTH_FIGHTING || hand_size <= SHORT_HAND;
    for (int i = 0; i < n; i++) {
        if (moves[i].ncards == 0 || (moves[i].precious && (cheap || !spend))) continue;
        if (best < 0 || before(&moves[i], &moves[best], pass < 0)) best = i;
    }
    return best >= 0 ? best : (pass >= 0 ? pass : 0);
}

/* Reads one line of any length into *buf (grown as needed); returns 0 at the end of input. */
static int read_line(char **buf, size_t *cap) {
    size_t n = 0;
    int c;
    while ((c = getchar()) != EOF && c != '\n') {
        if (n + 1 >= *cap) {
            *cap = *cap ? *cap * 2 : 65536;
            if (!(*buf = realloc(*buf, *cap))) exit(1);
        }
        (*buf)[n++] = (char)c;
    }
    if (c == EOF && n == 0) return 0;
    if (!*buf) { *cap = 65536; *buf = malloc(*cap); if (!*buf) exit(1); }
    (*buf)[n] = 0;
    return 1;
}

int main(void) {
    char *line = NULL, type[32], game[32] = "zheng_fen";
    size_t cap = 0;
    const char *p;
    while (read_line(&line, &cap)) {
        if (!(p = member(line, "type")) || *p != '"') continue; /* blank lines, and no type */
        string(p, type, sizeof type);
        if (strcmp(type, "hello") == 0) {
            printf("{\"type\":\"hello\",\"protocol\":1,\"name\":\"example-c\","
                   "\"games\":{\"zheng_fen\":[3,4,5,6],\"zen_cheng_you\":[4]}}\n");
        } else if (strcmp(type, "game") == 0) {
            p = member(member(line, "rules"), "game");
            if (p && *p == '"') string(p, game, sizeof game);
        } else if (strcmp(type, "decision") == 0) {
            long id = (p = member(line, "id")) ? atol(p) : 0;
            int index = choose(line, strcmp(game, "zen_cheng_you") == 0);
            printf("{\"type\":\"move\",\"id\":%ld,\"index\":%d}\n", id, index);
        } else if (strcmp(type, "bye") == 0) {
            break;
        } /* any other type (match_end, game_end, fault, ...) needs no answer: ignored */
        fflush(stdout); /* every line flushed at once (BOTS.md §1) */
    }
    free(line);
    return 0;
}
