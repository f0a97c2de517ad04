import Testing

@testable import Breeze

@Suite struct LRUTableTests {
    @Test func forgetsTheLeastRecentlyUsedEntryBeyondItsCapacity() {
        var table = LRUTable<String, Int>(capacity: 2)
        #expect(table.store(1, for: "a") == 0)
        #expect(table.store(2, for: "b") == 0)
        #expect(table.value(for: "a") == 1)  // a is now more recent than b
        #expect(table.store(3, for: "c") == 1)  // b goes
        #expect(table.value(for: "b") == nil)
        #expect((table.value(for: "a"), table.value(for: "c"), table.count) == (1, 3, 2))
        #expect(table.store(4, for: "a") == 0)  // replaced in place, and most recent
        #expect(table.store(5, for: "d") == 1)  // c goes
        #expect((table.value(for: "c"), table.value(for: "a"), table.value(for: "d")) == (nil, 4, 5))
    }

    @Test func removingKeepsTheOrderOfTheRest() {
        var table = LRUTable<Int, Int>(capacity: 3)
        for key in 1...3 { table.store(key * 10, for: key) }
        table.removeValue(for: 1)  // the oldest: the last slot moves into its place
        table.removeValue(for: 7)  // not kept: nothing happens
        #expect(table.count == 2)
        table.store(40, for: 4)
        table.store(50, for: 5)  // 2 is now the oldest and goes
        #expect(
            (table.value(for: 2), table.value(for: 3), table.value(for: 4), table.value(for: 5)) == (nil, 30, 40, 50))
    }

    /// Against a plain model of the rule (a list from the least to the most recently used), over a long mixed run.
    @Test func agreesWithASimpleModelOverManyOperations() {
        var table = LRUTable<Int, Int>(capacity: 5)
        var model: [(key: Int, value: Int)] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<5000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = Int(seed >> 33) % 9
            switch (seed >> 20) % 3 {
            case 0:
                let evicted = table.store(step, for: key)
                if let index = model.firstIndex(where: { $0.key == key }) { model.remove(at: index) }
                model.append((key, step))
                let expected = model.count > 5 ? 1 : 0
                if model.count > 5 { model.removeFirst() }
                #expect(evicted == expected)
            case 1:
                let index = model.firstIndex(where: { $0.key == key })
                #expect(table.value(for: key) == index.map { model[$0].value })
                if let index { model.append(model.remove(at: index)) }
            default:
                table.removeValue(for: key)
                model.removeAll { $0.key == key }
            }
            #expect(table.count == model.count)
        }
    }
}
