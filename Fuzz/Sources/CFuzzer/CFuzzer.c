// Only the header matters: LLVMFuzzerRunDriver is in libFuzzer, linked by -sanitize=fuzzer.
#include "CFuzzer.h"
