// Establishes the names the page's script finds elements by: element ids and `data-` attributes. The screens
// take them from here; the script names them once, in the block between `HOOKS BEGIN` and `HOOKS END` at the
// top of Static/app.js; ScriptHookTests checks that the two hold the same names, so renaming one side alone
// fails a test instead of silently leaving a button dead.
import HandshakeHTML

/// An element the page's script finds by its id.
enum ScriptElement: CaseIterable, Sendable {
    /// The contact list under the search box, redrawn as the person types.
    case results
    /// The part of a page redrawn when its event stream says it changed.
    case live
    /// The file input of your card's photo.
    case photo
    /// Where the photo's progress and refusals are said.
    case photoStatus
    /// The file input of a picture of their QR code.
    case picture
    /// Where reading the picture or the camera is said.
    case pictureStatus
    /// Add's paste box, which a code found in a picture fills.
    case pasteBox
    /// Add's hidden field that says the paste box holds a scanned QR code's text (set by the script).
    case scannedFlag
    /// The button that turns the camera on (shown by the script when there is a camera API).
    case camera
    /// The button that turns it off.
    case cameraStop
    /// The camera's picture.
    case viewfinder
    /// Where a face-to-face request shows on every screen but Face to face.
    case nearbyBanner

    /// The id.
    var id: StaticString {
        switch self {
        case .results: "results"
        case .live: "live"
        case .photo: "photo"
        case .photoStatus: "photo-status"
        case .picture: "picture"
        case .pictureStatus: "picture-status"
        case .pasteBox: "card"
        case .scannedFlag: "card-scanned"
        case .camera: "camera"
        case .cameraStop: "camera-stop"
        case .viewfinder: "viewfinder"
        case .nearbyBanner: "nearby-banner"
        }
    }
}

/// A `data-` attribute the page's script reads.
enum ScriptData: CaseIterable, Sendable {
    /// On the search form: where the list alone is fetched from.
    case results
    /// On a note box: the most characters it takes.
    case count
    /// On the friend-request count: where it is fetched from.
    case badge
    /// On the photo section: where the chosen photo is sent.
    case photo
    /// On the picture section: where a picture or a camera frame is sent.
    case picture
    /// Beside a body that is not a form: the form token, sent in a header.
    case token
    /// On a live part: its event stream.
    case stream
    /// On a live part: where its fresh copy is fetched from.
    case fragment
    /// On a number of seconds: counted down by the script between redraws.
    case countdown

    /// The attribute's name after `data-`.
    var name: StaticString {
        switch self {
        case .results: "results"
        case .count: "count"
        case .badge: "badge"
        case .photo: "photo"
        case .picture: "picture"
        case .token: "token"
        case .stream: "stream"
        case .fragment: "fragment"
        case .countdown: "countdown"
        }
    }
}

extension HTMLAttribute {
    /// The id the page's script finds this element by.
    static func id(_ element: ScriptElement) -> HTMLAttribute { .id(element.id.description) }

    /// A `data-` attribute the page's script reads.
    static func data(_ hook: ScriptData, _ value: String) -> HTMLAttribute { .data(hook.name, value) }

    /// A `data-` attribute holding an address of the app.
    static func data(_ hook: ScriptData, _ path: AppPath) -> HTMLAttribute { .data(hook.name, path.href) }
}
