#ifndef CRITERIA_CCURL_SHIM_H
#define CRITERIA_CCURL_SHIM_H
#include <curl/curl.h>

/* Swift cannot call the variadic curl_easy_setopt/getinfo; these typed wrappers can be. */
static inline CURLcode criteria_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode criteria_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode criteria_curl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode criteria_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode criteria_curl_setopt_write_function(CURL *handle,
        curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}
/* A header callback has the write callback's type (CURLOPT_HEADERFUNCTION). */
static inline CURLcode criteria_curl_setopt_header_function(CURL *handle,
        curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode criteria_curl_setopt_read_function(CURL *handle,
        curl_read_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_READFUNCTION, callback);
}
static inline CURLcode criteria_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
/* CURLVERSION_NOW is a macro alias Swift does not import. */
static inline curl_version_info_data *criteria_curl_version_info(void) {
  return curl_version_info(CURLVERSION_NOW);
}

#endif
