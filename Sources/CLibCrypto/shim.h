#ifndef CRITERIA_CLIBCRYPTO_SHIM_H
#define CRITERIA_CLIBCRYPTO_SHIM_H
/* OpenSSL's digests (libcrypto), which libcurl already loads: the report's CSP hash is a SHA-256. */
#include <openssl/evp.h>
#endif
