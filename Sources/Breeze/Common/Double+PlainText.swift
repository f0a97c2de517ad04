extension Double {
    /// The number as a person writes it, for messages: whole numbers without a fraction ("95", not Swift's
    /// "95.0"), others in the shortest form that reads back as the same value ("52.52").
    public var plainText: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}
