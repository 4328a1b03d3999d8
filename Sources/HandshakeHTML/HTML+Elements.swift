// Establishes the elements a page is made of, each a function of its attributes and its children:
// `.div(.class("card")) { .h1 { .text(name) } }`. An element this list lacks is `HTML.element(HTMLTag("name"), …)`.
// There is deliberately no `<script>` or `<style>` with content: a page's script and style are files, loaded
// by `script(src:)` and `stylesheet(href:)` under a policy that refuses inline code.

extension HTMLTag {
    public static let html = HTMLTag("html")
    public static let head = HTMLTag("head")
    public static let body = HTMLTag("body")
    public static let title = HTMLTag("title")
    public static let main = HTMLTag("main")
    public static let header = HTMLTag("header")
    public static let nav = HTMLTag("nav")
    public static let footer = HTMLTag("footer")
    public static let section = HTMLTag("section")
    public static let article = HTMLTag("article")
    public static let aside = HTMLTag("aside")
    public static let div = HTMLTag("div")
    public static let span = HTMLTag("span")
    public static let p = HTMLTag("p")
    public static let h1 = HTMLTag("h1")
    public static let h2 = HTMLTag("h2")
    public static let h3 = HTMLTag("h3")
    public static let h4 = HTMLTag("h4")
    public static let a = HTMLTag("a")
    public static let ul = HTMLTag("ul")
    public static let ol = HTMLTag("ol")
    public static let li = HTMLTag("li")
    public static let dl = HTMLTag("dl")
    public static let dt = HTMLTag("dt")
    public static let dd = HTMLTag("dd")
    public static let form = HTMLTag("form")
    public static let button = HTMLTag("button")
    public static let label = HTMLTag("label")
    public static let select = HTMLTag("select")
    public static let option = HTMLTag("option")
    public static let optgroup = HTMLTag("optgroup")
    public static let textarea = HTMLTag("textarea", holdsTypedText: true)
    public static let strong = HTMLTag("strong")
    public static let em = HTMLTag("em")
    public static let small = HTMLTag("small")
    public static let code = HTMLTag("code")
    public static let pre = HTMLTag("pre")
    public static let table = HTMLTag("table")
    public static let thead = HTMLTag("thead")
    public static let tbody = HTMLTag("tbody")
    public static let tr = HTMLTag("tr")
    public static let th = HTMLTag("th")
    public static let td = HTMLTag("td")
    public static let figure = HTMLTag("figure")
    public static let figcaption = HTMLTag("figcaption")
    public static let details = HTMLTag("details")
    public static let summary = HTMLTag("summary")
    public static let fieldset = HTMLTag("fieldset")
    public static let legend = HTMLTag("legend")
    public static let output = HTMLTag("output")
    public static let progress = HTMLTag("progress")
    public static let time = HTMLTag("time")
    public static let noscript = HTMLTag("noscript")
    public static let blockquote = HTMLTag("blockquote")
    public static let svg = HTMLTag("svg")
    public static let video = HTMLTag("video")
    public static let meta = HTMLTag("meta", isVoid: true)
    public static let link = HTMLTag("link", isVoid: true)
    public static let br = HTMLTag("br", isVoid: true)
    public static let hr = HTMLTag("hr", isVoid: true)
    public static let img = HTMLTag("img", isVoid: true)
    public static let input = HTMLTag("input", isVoid: true)
    public static let source = HTMLTag("source", isVoid: true)
}

extension HTML {
    public static func html(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.html, attributes, content) }
    public static func head(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.head, attributes, content) }
    public static func body(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.body, attributes, content) }
    public static func title(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.title, attributes, content) }
    public static func main(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.main, attributes, content) }
    public static func header(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.header, attributes, content) }
    public static func nav(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.nav, attributes, content) }
    public static func footer(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.footer, attributes, content) }
    public static func section(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.section, attributes, content) }
    public static func article(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.article, attributes, content) }
    public static func aside(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.aside, attributes, content) }
    public static func div(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.div, attributes, content) }
    public static func span(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.span, attributes, content) }
    public static func p(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.p, attributes, content) }
    public static func h1(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.h1, attributes, content) }
    public static func h2(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.h2, attributes, content) }
    public static func h3(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.h3, attributes, content) }
    public static func h4(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.h4, attributes, content) }
    public static func a(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.a, attributes, content) }
    public static func ul(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.ul, attributes, content) }
    public static func ol(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.ol, attributes, content) }
    public static func li(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.li, attributes, content) }
    public static func dl(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.dl, attributes, content) }
    public static func dt(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.dt, attributes, content) }
    public static func dd(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.dd, attributes, content) }
    public static func form(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.form, attributes, content) }
    public static func button(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.button, attributes, content) }
    public static func label(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.label, attributes, content) }
    public static func select(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.select, attributes, content) }
    public static func option(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.option, attributes, content) }
    public static func optgroup(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.optgroup, attributes, content) }
    public static func textarea(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.textarea, attributes, content) }
    public static func strong(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.strong, attributes, content) }
    public static func em(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.em, attributes, content) }
    public static func small(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.small, attributes, content) }
    public static func code(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.code, attributes, content) }
    public static func pre(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.pre, attributes, content) }
    public static func table(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.table, attributes, content) }
    public static func thead(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.thead, attributes, content) }
    public static func tbody(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.tbody, attributes, content) }
    public static func tr(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.tr, attributes, content) }
    public static func th(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.th, attributes, content) }
    public static func td(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.td, attributes, content) }
    public static func figure(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.figure, attributes, content) }
    public static func figcaption(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.figcaption, attributes, content) }
    public static func details(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.details, attributes, content) }
    public static func summary(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.summary, attributes, content) }
    public static func fieldset(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.fieldset, attributes, content) }
    public static func legend(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.legend, attributes, content) }
    public static func output(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.output, attributes, content) }
    public static func progress(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.progress, attributes, content) }
    public static func time(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.time, attributes, content) }
    public static func noscript(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.noscript, attributes, content) }
    public static func blockquote(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.blockquote, attributes, content) }
    public static func svg(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.svg, attributes, content) }
    public static func video(_ attributes: HTMLAttribute..., @HTMLBuilder content: () -> HTML = { .empty }) -> HTML { element(.video, attributes, content) }
    public static func meta(_ attributes: HTMLAttribute...) -> HTML { element(.meta, attributes) }
    public static func link(_ attributes: HTMLAttribute...) -> HTML { element(.link, attributes) }
    public static func br(_ attributes: HTMLAttribute...) -> HTML { element(.br, attributes) }
    public static func hr(_ attributes: HTMLAttribute...) -> HTML { element(.hr, attributes) }
    public static func img(_ attributes: HTMLAttribute...) -> HTML { element(.img, attributes) }
    public static func input(_ attributes: HTMLAttribute...) -> HTML { element(.input, attributes) }
    public static func source(_ attributes: HTMLAttribute...) -> HTML { element(.source, attributes) }

    /// A script file of the site, run as a module after the document is parsed.
    public static func script(src: String) -> HTML {
        element(HTMLTag("script"), [HTMLAttribute("type", "module"), .src(src)])
    }

    /// A stylesheet file of the site.
    public static func stylesheet(href: String) -> HTML { link(.rel("stylesheet"), .href(href)) }

    /// A whole document: the doctype, then `<html>` with its head and body.
    public static func document(lang: String = "en", @HTMLBuilder head: () -> HTML, @HTMLBuilder body: () -> HTML) -> String {
        "<!DOCTYPE html>\n" + html(.lang(lang)) { element(.head, [], head); element(.body, [], body) }.description
    }
}
