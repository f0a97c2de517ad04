import Breeze
import JSONRPC

// The domain's small results keep `Codable` (explicit `CodingKeys`, nulls written explicitly) and are written
// through its bridge (see `JSONWritable`); the large ones write themselves, in the other files of this folder.

extension City: JSONWritable {}

extension ElevationPoint: JSONWritable {}

extension PollenForecast: JSONWritable {}

extension FetchAlerts.PointResult: JSONWritable {}

extension FetchAlerts.PointSummary: JSONWritable {}
