#include "ccurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The libcurl functions used, typed as curl/curl.h and curl/multi.h declare them (CURLcode, CURLMcode and the
// option enums are ints; the variadic setters stay variadic so that each argument is passed as libcurl reads it).
struct ccurl_message {
    int msg;  // CURLMSG: 1 is CURLMSG_DONE
    void *easy_handle;
    union {
        void *whatever;
        int result;  // CURLcode
    } data;
};

static int (*global_init)(long flags);
static void *(*easy_init)(void);
static void (*easy_cleanup)(void *easy);
static void (*easy_reset)(void *easy);
static int (*easy_setopt)(void *easy, int option, ...);
static const char *(*easy_strerror)(int code);
static void *(*slist_append)(void *list, const char *line);
static void (*slist_free_all)(void *list);
static void *(*multi_init)(void);
static int (*multi_cleanup)(void *multi);
static int (*multi_setopt)(void *multi, int option, ...);
static int (*multi_add_handle)(void *multi, void *easy);
static int (*multi_remove_handle)(void *multi, void *easy);
static int (*multi_perform)(void *multi, int *running);
static int (*multi_poll)(void *multi, void *extra_fds, unsigned extra_count, int timeout_ms, int *ready);
static int (*multi_wakeup)(void *multi);
static struct ccurl_message *(*multi_info_read)(void *multi, int *left);

// Loading is retried until it succeeds: dlopen can fail for want of a descriptor, which a later call may have.
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static int loaded;  // 1 once libcurl is usable; read without the lock through atomic loads
static const char *load_error = "libcurl was not loaded";
static char load_error_text[512];

#define CCURL_GLOBAL_ALL 3L

static void *lookup(void *library, const char *name) {
    void *symbol = dlsym(library, name);
    if (!symbol && !load_error_text[0]) {
        // curl_multi_poll and curl_multi_wakeup are the newest used: libcurl 7.68 (2020).
        snprintf(load_error_text, sizeof load_error_text, "libcurl.so.4 lacks %s (libcurl 7.68 or later is needed)",
                 name);
    }
    return symbol;
}

static void load(void) {
    load_error_text[0] = 0;
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *reason = dlerror();
        snprintf(load_error_text, sizeof load_error_text, "libcurl could not be loaded (%s)",
                 reason ? reason : "libcurl.so.4 not found");
        load_error = load_error_text;
        return;
    }
    *(void **)&global_init = lookup(library, "curl_global_init");
    *(void **)&easy_init = lookup(library, "curl_easy_init");
    *(void **)&easy_cleanup = lookup(library, "curl_easy_cleanup");
    *(void **)&easy_reset = lookup(library, "curl_easy_reset");
    *(void **)&easy_setopt = lookup(library, "curl_easy_setopt");
    *(void **)&easy_strerror = lookup(library, "curl_easy_strerror");
    *(void **)&slist_append = lookup(library, "curl_slist_append");
    *(void **)&slist_free_all = lookup(library, "curl_slist_free_all");
    *(void **)&multi_init = lookup(library, "curl_multi_init");
    *(void **)&multi_cleanup = lookup(library, "curl_multi_cleanup");
    *(void **)&multi_setopt = lookup(library, "curl_multi_setopt");
    *(void **)&multi_add_handle = lookup(library, "curl_multi_add_handle");
    *(void **)&multi_remove_handle = lookup(library, "curl_multi_remove_handle");
    *(void **)&multi_perform = lookup(library, "curl_multi_perform");
    *(void **)&multi_poll = lookup(library, "curl_multi_poll");
    *(void **)&multi_wakeup = lookup(library, "curl_multi_wakeup");
    *(void **)&multi_info_read = lookup(library, "curl_multi_info_read");
    if (load_error_text[0]) {
        load_error = load_error_text;
        return;
    }
    // Once, before any handle exists, so that no thread races libcurl's own lazy initialisation.
    int code = global_init(CCURL_GLOBAL_ALL);
    if (code != CCURLE_OK) {
        snprintf(load_error_text, sizeof load_error_text, "libcurl could not be initialised (%s)",
                 easy_strerror(code));
        load_error = load_error_text;
        return;
    }
    load_error = NULL;
}

int ccurl_load(void) {
    if (__atomic_load_n(&loaded, __ATOMIC_ACQUIRE)) return 0;
    pthread_mutex_lock(&load_lock);
    if (!loaded) {
        load();
        if (!load_error) __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
    }
    int result = loaded ? 0 : -1;
    pthread_mutex_unlock(&load_lock);
    return result;
}

const char *ccurl_load_error(void) { return load_error; }

ccurl_easy *ccurl_easy_init(void) { return easy_init(); }
void ccurl_easy_cleanup(ccurl_easy *easy) { easy_cleanup(easy); }
void ccurl_easy_reset(ccurl_easy *easy) { easy_reset(easy); }
int ccurl_easy_setopt_long(ccurl_easy *easy, int option, long value) { return easy_setopt(easy, option, value); }
int ccurl_easy_setopt_pointer(ccurl_easy *easy, int option, const void *value) {
    return easy_setopt(easy, option, value);
}
int ccurl_easy_setopt_data_callback(ccurl_easy *easy, int option, ccurl_data_callback callback) {
    return easy_setopt(easy, option, callback);
}
const char *ccurl_easy_strerror(int code) { return easy_strerror(code); }

ccurl_slist *ccurl_slist_append(ccurl_slist *list, const char *line) { return slist_append(list, line); }
void ccurl_slist_free_all(ccurl_slist *list) { slist_free_all(list); }

ccurl_multi *ccurl_multi_init(void) { return multi_init(); }
void ccurl_multi_cleanup(ccurl_multi *multi) { multi_cleanup(multi); }
int ccurl_multi_setopt_long(ccurl_multi *multi, int option, long value) {
    return multi_setopt(multi, option, value);
}
int ccurl_multi_add_handle(ccurl_multi *multi, ccurl_easy *easy) { return multi_add_handle(multi, easy); }
int ccurl_multi_remove_handle(ccurl_multi *multi, ccurl_easy *easy) { return multi_remove_handle(multi, easy); }
int ccurl_multi_perform(ccurl_multi *multi, int *running) { return multi_perform(multi, running); }
int ccurl_multi_poll(ccurl_multi *multi, int timeout_ms) { return multi_poll(multi, NULL, 0, timeout_ms, NULL); }
int ccurl_multi_wakeup(ccurl_multi *multi) { return multi_wakeup(multi); }

int ccurl_multi_next_done(ccurl_multi *multi, ccurl_easy **easy, int *result) {
    int left = 0;
    struct ccurl_message *message;
    while ((message = multi_info_read(multi, &left))) {
        if (message->msg == 1) {
            *easy = message->easy_handle;
            *result = message->data.result;
            return 1;
        }
    }
    return 0;
}
