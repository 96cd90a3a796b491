import Foundation

/// `forloop`: a live object (its index moves as the loop runs), as Ruby's `ForloopDrop`.
/// Confined to the render that made it; marked Sendable only to fit `Value.drop`.
final class ForloopDrop: LiquidDrop, @unchecked Sendable {
    let name: String
    let length: Int
    let parentloop: ForloopDrop?
    var index = 0

    init(name: String, length: Int, parentloop: ForloopDrop?) {
        self.name = name
        self.length = length
        self.parentloop = parentloop
    }

    func value(forKey key: String) -> Value? {
        switch key {
        case "index": return .int(index + 1)
        case "index0": return .int(index)
        case "rindex": return .int(length - index)
        case "rindex0": return .int(length - index - 1)
        case "first": return .bool(index == 0)
        case "last": return .bool(index == length - 1)
        case "length": return .int(length)
        case "name": return .string(name)
        case "parentloop": return parentloop.map { .drop($0) } ?? .null
        default: return nil
        }
    }

    var keys: [String] { ["first", "index", "index0", "last", "length", "parentloop", "rindex", "rindex0"] }
}

/// `tablerowloop`: `ForloopDrop` plus the row and column position.
final class TablerowloopDrop: LiquidDrop, @unchecked Sendable {
    let length: Int
    let cols: Int
    var index = 0
    var row = 1
    var col = 1

    init(length: Int, cols: Int) {
        self.length = length
        self.cols = cols
    }

    func increment() {
        index += 1
        if col == cols { col = 1; row += 1 } else { col += 1 }
    }

    func value(forKey key: String) -> Value? {
        switch key {
        case "index": return .int(index + 1)
        case "index0": return .int(index)
        case "rindex": return .int(length - index)
        case "rindex0": return .int(length - index - 1)
        case "first": return .bool(index == 0)
        case "last": return .bool(index == length - 1)
        case "length": return .int(length)
        case "col": return .int(col)
        case "col0": return .int(col - 1)
        case "row": return .int(row)
        case "col_first": return .bool(col == 1)
        case "col_last": return .bool(col == cols)
        default: return nil
        }
    }

    var keys: [String] { ["col", "col0", "col_first", "col_last", "first", "index", "index0", "last", "length", "rindex", "rindex0", "row"] }
}
