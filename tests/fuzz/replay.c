/* replay.c: the main() a fuzz harness is linked with when libFuzzer is not
 * (make test builds them with gcc): feeds each file named on the command
 * line, and each file of each directory named, to LLVMFuzzerTestOneInput
 * once, directory entries in name order. This is how the committed corpus
 * under tests/fuzz/corpus/ keeps found bugs fixed (docs/internals/fuzzing.md).
 * Prints "replay: N inputs"; exits 1 when a file cannot be read (a crash
 * in the harness ends the process on its own). */
#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the harness on the contents of one file, read into a buffer of
 * exactly its size (so that the sanitizers see a read past its end); false
 * when it cannot be read. */
static bool replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        if (f)
            fclose(f);
        return false;
    }
    size_t size = (size_t)st.st_size;
    uint8_t *data = malloc(size ? size : 1);
    bool ok = data && fread(data, 1, size, f) == size;
    fclose(f);
    if (ok)
        LLVMFuzzerTestOneInput(data, size);
    else
        fprintf(stderr, "replay: cannot read %s\n", path);
    free(data);
    return ok;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every regular file of directory `dir`, in name order; *count gets how many
 * ran. False when one could not be read. */
static bool replay_dir(const char *dir, size_t *count)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name);
    if (n < 0) {
        fprintf(stderr, "replay: cannot read directory %s\n", dir);
        return false;
    }
    bool ok = true;
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        struct stat st;
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
            ok &= replay_file(path);
            (*count)++;
        }
        free(names[i]);
    }
    free(names);
    return ok;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    bool ok = true;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            ok &= replay_dir(argv[i], &count);
        } else {
            ok &= replay_file(argv[i]);
            count++;
        }
    }
    printf("replay: %zu inputs\n", count);
    return ok ? 0 : 1;
}
