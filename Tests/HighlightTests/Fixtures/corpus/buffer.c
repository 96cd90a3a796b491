#include <stdio.h>
#include <stdlib.h>
#include "buffer.h"

#define INITIAL_CAPACITY 64

/* A growable byte buffer. */
typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
} buffer_t;

static int buffer_grow(buffer_t *b, size_t needed) {
    size_t cap = b->capacity ? b->capacity : INITIAL_CAPACITY;
    while (cap < needed) {
        cap *= 2;
    }
    unsigned char *p = realloc(b->data, cap);
    if (p == NULL) {
        return -1;
    }
    b->data = p;
    b->capacity = cap;
    return 0;
}

int buffer_append(buffer_t *b, const char *s, size_t n) {
    if (b->length + n > b->capacity && buffer_grow(b, b->length + n) != 0) {
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        b->data[b->length++] = (unsigned char)s[i];
    }
    return 0;
}

int main(int argc, char **argv) {
    buffer_t b = {0};
    const char *msg = argc > 1 ? argv[1] : "hello\n";
    // Append the message three times.
    for (int i = 0; i < 3; i++) {
        buffer_append(&b, msg, 6);
    }
    printf("%zu bytes, ratio %.2f, char %c\n", b.length, 0.5 * 3, 'x');
    free(b.data);
    return 0;
}
