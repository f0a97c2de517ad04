import CCurl
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One multi handle and the thread that drives it. Lives as long as the process.
///
/// Unchecked: it holds libcurl's raw handles, and everything but `commands` is the transfer thread's alone.
final class CurlTransferLoop: @unchecked Sendable {
    enum Command {
        case start(CurlTransfer)
        case cancel(CurlTransfer)
    }

    private let multi: UnsafeMutableRawPointer
    /// What other threads asked for since the thread last looked.
    private let commands = Mutex<[Command]>([])
    // The transfer thread's alone.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var idleHandles: [UnsafeMutableRawPointer] = []
    /// "Accept: application/json", the header list of every request without headers of its own.
    private let defaultHeaders: UnsafeMutableRawPointer?

    /// Easy handles kept for reuse once their transfer ends (their options stay set).
    private static let keptIdleHandles = 16

    /// Nil when libcurl cannot make a multi handle that can be woken (no descriptors left for its wake-up pair).
    init?(maxConnectionsPerHost: Int) {
        guard let multi = ccurl_multi_init() else { return nil }
        guard ccurl_multi_wakeup(multi) == 0 else {
            // A multi handle that cannot be woken would leave new requests waiting: better no loop at all.
            ccurl_multi_cleanup(multi)
            return nil
        }
        self.multi = multi
        ccurl_multi_setopt_long(multi, CCURLMOPT_MAX_HOST_CONNECTIONS, maxConnectionsPerHost)
        defaultHeaders = ccurl_slist_append(nil, "Accept: application/json")
        startThread()
    }

    /// Starts the transfer thread, which runs `run()` for the life of the process (and so keeps the loop).
    ///
    /// A pthread rather than Foundation's `Thread`, which needs full Foundation and so ICU's data in the binary.
    /// This is the domain's one thread; the wire layer's threads have their own starter, since neither target
    /// imports the other and a module of its own for a dozen lines would cost more than it saves.
    private func startThread() {
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { loop in
                CurlTransferLoop.nameThisThread("breeze-rpc http")
                Unmanaged<CurlTransferLoop>.fromOpaque(loop!).takeRetainedValue().run()
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        precondition(result == 0, "could not start the HTTP thread: \(String(cString: strerror(result)))")
        pthread_detach(thread)
    }

    /// Names the calling thread, as debuggers and `ps` show it (Linux: at most 15 bytes). `pthread_setname_np`
    /// is a GNU extension Glibc's Swift overlay does not import.
    private static func nameThisThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        _ = Array(name.utf8.prefix(15)).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
    }

    /// Hands a command to the transfer thread and wakes it. Never blocks beyond a short lock.
    func submit(_ command: Command) {
        commands.withLock { $0.append(command) }
        ccurl_multi_wakeup(multi)
    }

    private func run() {
        var taken: [Command] = []
        while true {
            // Swapped, not copied: the two arrays keep their storage from one wake-up to the next.
            commands.withLock { swap(&taken, &$0) }
            for command in taken {
                switch command {
                case .start(let transfer): start(transfer)
                case .cancel(let transfer): drop(transfer)
                }
            }
            taken.removeAll(keepingCapacity: true)
            var running: Int32 = 0
            ccurl_multi_perform(multi, &running)
            var easy: UnsafeMutableRawPointer?
            var code: Int32 = 0
            while ccurl_multi_next_done(multi, &easy, &code) == 1 {
                if let easy { complete(easy, code: code) }
            }
            // Sleeps until a socket is ready, libcurl's next timeout, or `submit` wakes it. A poll that fails (the
            // system refusing it) must not turn this loop into a spin.
            if ccurl_multi_poll(multi, 60_000) != 0 { usleep(10_000) }
        }
    }

    private func start(_ transfer: CurlTransfer) {
        guard !transfer.hasEnded else { return }
        guard let easy = idleHandles.popLast() ?? makeHandle() else {
            transfer.finish(
                .failure(
                    BreezeError.networkError(
                        service: transfer.request.service, reason: "libcurl could not make a transfer (out of memory)"))
            )
            return
        }
        let unmanaged = Unmanaged.passUnretained(transfer).toOpaque()
        ccurl_easy_setopt_pointer(easy, CCURLOPT_WRITEDATA, unmanaged)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HEADERDATA, unmanaged)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_ERRORBUFFER, transfer.errorBuffer)
        // A backstop only: the call's deadline, with sub-second precision, cancels the request before this.
        let backstopMilliseconds = (max(0, min(transfer.request.timeoutSeconds, 86_400)) + 1) * 1000
        ccurl_easy_setopt_long(easy, CCURLOPT_TIMEOUT_MS, Int(backstopMilliseconds.rounded(.up)))
        if !transfer.request.headers.isEmpty {
            var lines = transfer.request.headers.map { "\($0.key): \($0.value)" }
            if !transfer.request.headers.keys.contains(where: { $0.lowercased() == "accept" }) {
                lines.append("Accept: application/json")
            }
            for line in lines { transfer.headerList = ccurl_slist_append(transfer.headerList, line) }
        }
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HTTPHEADER, transfer.headerList ?? defaultHeaders)
        transfer.easy = easy
        active[easy] = transfer
        add(easy, for: transfer)
    }

    /// Adds the handle for the transfer's current URL.
    private func add(_ easy: UnsafeMutableRawPointer, for transfer: CurlTransfer) {
        ccurl_easy_setopt_pointer(easy, CCURLOPT_URL, transfer.url.absoluteString)
        guard ccurl_multi_add_handle(multi, easy) == 0 else {
            release(easy, of: transfer, added: false)
            transfer.finish(
                .failure(
                    BreezeError.networkError(
                        service: transfer.request.service, reason: "libcurl could not start the transfer")))
            return
        }
    }

    /// A new easy handle with the options every request shares.
    private func makeHandle() -> UnsafeMutableRawPointer? {
        guard let easy = ccurl_easy_init() else { return nil }
        ccurl_easy_setopt_long(easy, CCURLOPT_NOSIGNAL, 1)
        ccurl_easy_setopt_long(easy, CCURLOPT_FOLLOWLOCATION, 0)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_PROTOCOLS_STR, "http,https")
        // "" offers every encoding this libcurl decodes (gzip, deflate, br, zstd); the body arrives decoded.
        ccurl_easy_setopt_pointer(easy, CCURLOPT_ACCEPT_ENCODING, "")
        ccurl_easy_setopt_pointer(easy, CCURLOPT_USERAGENT, BreezeVersion.userAgent)
        ccurl_easy_setopt_data_callback(easy, CCURLOPT_HEADERFUNCTION) { data, size, count, userdata in
            guard let data, let userdata else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
            let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size * count), as: UTF8.self)
            transfer.head.consume(line: line[...])
            return size * count
        }
        ccurl_easy_setopt_data_callback(easy, CCURLOPT_WRITEFUNCTION) { data, size, count, userdata in
            guard let userdata else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(userdata).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count)) ? size * count : 0
        }
        return easy
    }

    /// libcurl finished a hop: follow a redirect, or end the transfer.
    private func complete(_ easy: UnsafeMutableRawPointer, code: Int32) {
        guard let transfer = active[easy] else {
            ccurl_multi_remove_handle(multi, easy)
            return
        }
        ccurl_multi_remove_handle(multi, easy)
        if transfer.hasEnded {  // cut at the body cap, or cancelled just now
            release(easy, of: transfer, added: false)
            return
        }
        guard let outcome = transfer.outcome(of: code) else {
            transfer.resetAnswer()
            add(easy, for: transfer)
            return
        }
        release(easy, of: transfer, added: false)
        transfer.finish(outcome.mapError { $0 })
    }

    /// A transfer that ended elsewhere (cancelled): its handle leaves the multi handle now.
    private func drop(_ transfer: CurlTransfer) {
        guard let easy = transfer.easy, active[easy] === transfer else { return }
        release(easy, of: transfer, added: true)
    }

    /// Takes the handle back from `transfer`: out of the multi handle (if `added`), its pointers into the
    /// transfer cleared, kept for reuse or cleaned up.
    private func release(_ easy: UnsafeMutableRawPointer, of transfer: CurlTransfer, added: Bool) {
        if added { ccurl_multi_remove_handle(multi, easy) }
        active[easy] = nil
        transfer.easy = nil
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HTTPHEADER, nil)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_ERRORBUFFER, nil)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_WRITEDATA, nil)
        ccurl_easy_setopt_pointer(easy, CCURLOPT_HEADERDATA, nil)
        if let list = transfer.headerList {
            ccurl_slist_free_all(list)
            transfer.headerList = nil
        }
        if idleHandles.count < Self.keptIdleHandles {
            idleHandles.append(easy)
        } else {
            ccurl_easy_cleanup(easy)
        }
    }
}
