#ifndef CCURL_H
#define CCURL_H

// libcurl, loaded at run time. The machine that builds breeze-rpc needs no curl headers and no libcurl to link
// against: the few functions used are looked up with dlsym in libcurl.so.4 on first use, and the constants below
// are libcurl's public ABI numbers, stable since they were introduced (curl/curl.h, curl/multi.h).
// curl_easy_setopt and friends are variadic; Swift cannot call a variadic C function, so each is wrapped once
// per argument type used.

#include <stddef.h>

/// An easy handle (CURL *) and a multi handle (CURLM *), opaque here.
typedef void ccurl_easy;
typedef void ccurl_multi;
/// A header list (struct curl_slist *).
typedef void ccurl_slist;

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *userdata);

// CURLoption: CURLOPTTYPE_LONG 0, _OBJECTPOINT/_STRINGPOINT 10000, _FUNCTIONPOINT 20000.
#define CCURLOPT_WRITEDATA 10001
#define CCURLOPT_URL 10002
#define CCURLOPT_ERRORBUFFER 10010
#define CCURLOPT_WRITEFUNCTION 20011
#define CCURLOPT_USERAGENT 10018
#define CCURLOPT_HTTPHEADER 10023
#define CCURLOPT_HEADERDATA 10029
#define CCURLOPT_NOPROGRESS 43
#define CCURLOPT_FOLLOWLOCATION 52
#define CCURLOPT_HEADERFUNCTION 20079
#define CCURLOPT_NOSIGNAL 99
#define CCURLOPT_ACCEPT_ENCODING 10102
#define CCURLOPT_TIMEOUT_MS 155
#define CCURLOPT_PROTOCOLS_STR 10318

// CURLMoption.
#define CCURLMOPT_MAX_HOST_CONNECTIONS 7

/// The size CURLOPT_ERRORBUFFER must have.
#define CCURL_ERROR_SIZE 256

// CURLcode values breeze-rpc tells apart.
#define CCURLE_OK 0
#define CCURLE_UNSUPPORTED_PROTOCOL 1
#define CCURLE_URL_MALFORMAT 3
#define CCURLE_COULDNT_RESOLVE_PROXY 5
#define CCURLE_COULDNT_RESOLVE_HOST 6
#define CCURLE_COULDNT_CONNECT 7
#define CCURLE_WEIRD_SERVER_REPLY 8
#define CCURLE_HTTP2 16
#define CCURLE_PARTIAL_FILE 18
#define CCURLE_WRITE_ERROR 23
#define CCURLE_OUT_OF_MEMORY 27
#define CCURLE_OPERATION_TIMEDOUT 28
#define CCURLE_SSL_CONNECT_ERROR 35
#define CCURLE_ABORTED_BY_CALLBACK 42
#define CCURLE_GOT_NOTHING 52
#define CCURLE_SEND_ERROR 55
#define CCURLE_RECV_ERROR 56
#define CCURLE_SSL_CERTPROBLEM 58
#define CCURLE_SSL_CIPHER 59
#define CCURLE_PEER_FAILED_VERIFICATION 60
#define CCURLE_BAD_CONTENT_ENCODING 61
#define CCURLE_SSL_CACERT_BADFILE 77
#define CCURLE_HTTP2_STREAM 92
#define CCURLE_TOO_LARGE 100

/// Loads libcurl.so.4 and initialises it, once per process; until that succeeds, each call tries again.
/// Returns 0 when libcurl is usable, else -1 (then `ccurl_load_error` says why, until the next call).
int ccurl_load(void);
/// Why `ccurl_load` failed; NULL after a success.
const char *ccurl_load_error(void);

// The wrappers below may only be called after `ccurl_load` returned 0.

ccurl_easy *ccurl_easy_init(void);
void ccurl_easy_cleanup(ccurl_easy *easy);
void ccurl_easy_reset(ccurl_easy *easy);
int ccurl_easy_setopt_long(ccurl_easy *easy, int option, long value);
/// For string options (copied by libcurl) and pointers (kept by libcurl as they are).
int ccurl_easy_setopt_pointer(ccurl_easy *easy, int option, const void *value);
int ccurl_easy_setopt_data_callback(ccurl_easy *easy, int option, ccurl_data_callback callback);
const char *ccurl_easy_strerror(int code);

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line);
void ccurl_slist_free_all(ccurl_slist *list);

ccurl_multi *ccurl_multi_init(void);
void ccurl_multi_cleanup(ccurl_multi *multi);
int ccurl_multi_setopt_long(ccurl_multi *multi, int option, long value);
int ccurl_multi_add_handle(ccurl_multi *multi, ccurl_easy *easy);
int ccurl_multi_remove_handle(ccurl_multi *multi, ccurl_easy *easy);
int ccurl_multi_perform(ccurl_multi *multi, int *running);
/// Waits up to `timeout_ms` for activity on any transfer's socket, libcurl's own timers or a wake-up.
int ccurl_multi_poll(ccurl_multi *multi, int timeout_ms);
/// Ends a `ccurl_multi_poll` in progress (or the next one) from any thread.
int ccurl_multi_wakeup(ccurl_multi *multi);
/// The next finished transfer: returns 1 and sets `easy` and `result`, or 0 when none is left.
int ccurl_multi_next_done(ccurl_multi *multi, ccurl_easy **easy, int *result);

#endif
