/// A table of at most `capacity` entries that forgets the least recently used one first: the one in-memory table
/// of the HTTP cache (`ResponseCache`) and of the decoded answers (`AnswerMemo`).
///
/// A dictionary finds an entry's slot; the slots form a doubly linked list from the most to the least recently
/// used, threaded through one dense array, so a lookup, a store and an eviction each take constant time and
/// nothing outlives its removal (the last slot moves into a freed one). Not synchronized: its owner keeps it
/// behind its own lock.
struct LRUTable<Key: Hashable, Value> {
    fileprivate struct Node {
        let key: Key
        var value: Value
        /// The slots of the next more and next less recently used entries; -1 at either end.
        var newer: Int
        var older: Int
    }

    /// How many entries it keeps, at least one.
    let capacity: Int
    private var slots: [Key: Int] = [:]
    private var nodes: [Node] = []
    private var newest = -1
    private var oldest = -1

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    var count: Int { nodes.count }

    /// The value kept for `key`, which becomes the most recently used; nil when there is none.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].value
    }

    /// Keeps `value` for `key` as the most recently used entry; returns how many entries went to stay within
    /// `capacity` (0 or 1).
    @discardableResult
    mutating func store(_ value: Value, for key: Key) -> Int {
        if let slot = slots[key] {
            nodes[slot].value = value
            moveToFront(slot)
            return 0
        }
        let slot = nodes.count
        nodes.append(Node(key: key, value: value, newer: -1, older: newest))
        slots[key] = slot
        if newest >= 0 { nodes[newest].newer = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
        guard nodes.count > capacity else { return 0 }
        remove(at: oldest)
        return 1
    }

    /// Forgets `key`, if kept.
    mutating func removeValue(for key: Key) {
        if let slot = slots[key] { remove(at: slot) }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot].newer = -1
        nodes[slot].older = newest
        nodes[newest].newer = slot  // there is a newest: the table holds another entry than `slot`
        newest = slot
    }

    /// Takes `slot` out of the list, leaving its own links as they were.
    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if newer >= 0 { nodes[newer].older = older } else { newest = older }
        if older >= 0 { nodes[older].newer = newer } else { oldest = newer }
    }

    private mutating func remove(at slot: Int) {
        unlink(slot)
        slots[nodes[slot].key] = nil
        let last = nodes.count - 1
        if slot != last {
            // The last slot moves into the freed one: its neighbours and its key point there now.
            nodes.swapAt(slot, last)
            let (newer, older) = (nodes[slot].newer, nodes[slot].older)
            if newer >= 0 { nodes[newer].older = slot } else { newest = slot }
            if older >= 0 { nodes[older].newer = slot } else { oldest = slot }
            slots[nodes[slot].key] = slot
        }
        nodes.removeLast()
    }
}

extension LRUTable: Sendable where Key: Sendable, Value: Sendable {}
extension LRUTable.Node: Sendable where Key: Sendable, Value: Sendable {}
