// libFuzzer's entry point for a program that has its own main: it parses the
// command line as libFuzzer does and calls `callback` with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
