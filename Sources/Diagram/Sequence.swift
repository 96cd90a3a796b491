/// A mermaid sequence diagram as written: participants in order, then events top to bottom.
struct Sequence: Sendable {
    struct Participant: Sendable {
        var id: String
        var label: String
        var actor = false
    }

    enum Head: Sendable { case none, filled, cross, open }

    struct Message: Sendable {
        var from: Int, to: Int
        var text: String
        var dotted: Bool
        var head: Head
        var both = false
        var activate = false, deactivate = false
        var number: Int?
    }

    enum NotePlace: Sendable { case left, right, over }

    enum Event: Sendable {
        case message(Message)
        case note(NotePlace, Int, Int, String)
        case activate(Int), deactivate(Int)
        /// `loop`, `alt`, `opt`, `par`, `critical`, `break`, `rect` (label: the condition or colour).
        case start(String, String)
        /// `else`, `and`, `option` inside a block.
        case divider(String, String)
        case end
    }

    var participants: [Participant] = []
    var events: [Event] = []
    var title: String?
    /// `accDescr:`: the author's own description for screen readers.
    var accDescr: String?
    var warnings = DiagramWarnings()

    mutating func participant(_ id: String) -> Int {
        if let i = participants.firstIndex(where: { $0.id == id }) { return i }
        participants.append(Participant(id: id, label: id))
        return participants.count - 1
    }

    /// The diagram in words, for `<desc>` and alt text.
    var summary: String {
        func name(_ i: Int) -> String { plain(participants[i].label) }
        var parts: [String] = []
        for e in events {
            switch e {
            case .message(let m):
                let arrow = m.both ? " ↔ " : (m.dotted ? " ⇢ " : " → ")
                parts.append((m.number.map { "\($0). " } ?? "") + name(m.from) + arrow + name(m.to) + (m.text.isEmpty ? "" : ": " + plain(m.text)))
            case .note(let place, let a, let b, let text):
                let who = place == .over && a != b ? name(a) + " and " + name(b) : name(a)
                parts.append("note \(place == .over ? "over" : place == .left ? "left of" : "right of") \(who): \(plain(text))")
            case .start(let kind, let label) where kind != "rect": parts.append(kind + (label.isEmpty ? "" : " " + plain(label)) + ":")
            case .divider(let kind, let label): parts.append(kind + (label.isEmpty ? "" : " " + plain(label)) + ":")
            case .end, .start, .activate, .deactivate: break
            }
        }
        return "Sequence diagram between " + participants.map { plain($0.label) }.joined(separator: ", ")
            + ". " + parts.joined(separator: "; ").replacingOccurrences(of: ":;", with: ":") + "."
    }
}
