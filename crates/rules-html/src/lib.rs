//! Renders the rules texts of `docs/` from Markdown to HTML for the web page, at build time.
//!
//! The Markdown is read by [`pulldown_cmark`] (CommonMark with tables) and written back as an
//! HTML fragment, to be set as the `innerHTML` of the page's rules dialog. The text can never
//! inject markup:
//!
//! * raw HTML, whether a block or inline, comes out as escaped text (a block as a paragraph);
//! * a link or image whose address has a scheme other than `http`, `https` or `mailto`
//!   (`javascript:`, `data:`, `vbscript:`, ...) loses its link or image and keeps only its text;
//! * everything else is escaped by pulldown-cmark's HTML writer, and no extension that writes
//!   attributes from the text (heading attributes, for one) is enabled.
//!
//! Relative addresses are written from the page's point of view: the HTML is inserted into
//! `web/index.html` but its pictures are in `web/rules/pictures/`, so a relative address such
//! as `pictures/jarmo-start.svg` gets a prefix, [`PAGE_BASE`] (`rules/`) for [`render`] or any
//! other for [`render_with_base`]. Addresses starting with `/`, `\` or `#`, and empty ones, are
//! kept as they are.

use pulldown_cmark::{CowStr, Event, LinkType, Options, Parser, Tag, TagEnd, html};

/// The prefix [`render`] gives relative link and image addresses: the rules' HTML is shown by
/// `web/index.html` while it and its pictures live in `web/rules/`.
pub const PAGE_BASE: &str = "rules/";

/// The schemes a link or image address may have.
const ALLOWED_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// Renders Markdown to an HTML fragment for the web page, with relative addresses prefixed by
/// [`PAGE_BASE`]. See the crate documentation for what is escaped or dropped.
///
/// ```
/// let html = rules_html::render("![Start](pictures/start.svg) <b>[go](javascript:x)</b>");
/// assert_eq!(
///     html,
///     "<p><img src=\"rules/pictures/start.svg\" alt=\"Start\" /> &lt;b&gt;go&lt;/b&gt;</p>\n"
/// );
/// ```
#[must_use]
pub fn render(markdown: &str) -> String {
    render_with_base(markdown, PAGE_BASE)
}

/// Renders Markdown to an HTML fragment, with relative link and image addresses prefixed by
/// `base` (give `""` to keep them as they are). The prefix is taken as it is: it comes from the
/// caller, not from the text.
#[must_use]
pub fn render_with_base(markdown: &str, base: &str) -> String {
    // For each link or image open at this point, whether its start was kept; links and images
    // nest properly, so one stack serves both.
    let mut kept: Vec<bool> = Vec::new();
    let events =
        Parser::new_ext(markdown, Options::ENABLE_TABLES).filter_map(|event| match event {
            Event::Html(text) | Event::InlineHtml(text) => Some(Event::Text(text)),
            Event::Start(Tag::HtmlBlock) => Some(Event::Start(Tag::Paragraph)),
            Event::End(TagEnd::HtmlBlock) => Some(Event::End(TagEnd::Paragraph)),
            Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                let tag = readdressed(tag, base);
                kept.push(tag.is_some());
                tag.map(Event::Start)
            }
            Event::End(TagEnd::Link | TagEnd::Image) => kept.pop().unwrap_or(true).then_some(event),
            other => Some(other),
        });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut out, events);
    out
}

/// A link or image `tag` with its address written by [`address`], or `None` when the address
/// must not become a link or image.
fn readdressed<'a>(mut tag: Tag<'a>, base: &str) -> Option<Tag<'a>> {
    if let Tag::Link {
        link_type,
        dest_url,
        ..
    }
    | Tag::Image {
        link_type,
        dest_url,
        ..
    } = &mut tag
    {
        let url = std::mem::replace(dest_url, CowStr::Borrowed(""));
        *dest_url = address(url, *link_type, base)?;
    }
    Some(tag)
}

/// The address to write for a link or image address of the text, or `None` when it must not
/// become a link or image: its scheme is not one of [`ALLOWED_SCHEMES`]. Relative addresses get
/// `base` in front.
fn address<'a>(url: CowStr<'a>, link_type: LinkType, base: &str) -> Option<CowStr<'a>> {
    // An e-mail autolink is written `mailto:` + the address, which pulldown-cmark has checked
    // to be an e-mail address.
    if link_type == LinkType::Email {
        return Some(url);
    }
    // Browsers ignore tabs and newlines anywhere in an address, and leading control characters
    // and spaces, when they look for its scheme: `java&#9;script:` is `javascript:`. Judge the
    // address without any of them.
    let plain: String = url
        .chars()
        .filter(|c| !c.is_ascii_control() && *c != ' ')
        .collect();
    let end = plain.find([':', '/', '?', '#']).unwrap_or(plain.len());
    if plain[end..].starts_with(':') {
        // A scheme (or something that may pass for one): only the allowed ones survive.
        let scheme = &plain[..end];
        let allowed = ALLOWED_SCHEMES
            .iter()
            .any(|allowed| scheme.eq_ignore_ascii_case(allowed));
        return allowed.then_some(url);
    }
    if base.is_empty() || plain.is_empty() || plain.starts_with(['/', '\\', '#']) {
        Some(url)
    } else {
        Some(format!("{base}{url}").into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The HTML elements the renderer may write for the rules texts.
    const ELEMENTS: [&str; 22] = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tr", "th", "td", "ul",
        "ol", "li", "pre", "code", "em", "strong", "a", "img",
    ];

    /// Checks that every tag of `html` is one of [`ELEMENTS`] (or `br`, `hr`, `blockquote`) and
    /// that its attributes are the few the writer uses (no event handler, no `style` but the
    /// `text-align` of table cells).
    fn assert_only_safe_markup(html: &str) {
        for (i, _) in html.match_indices('<') {
            let rest = &html[i + 1..];
            let tag = &rest[..rest.find('>').expect("an unclosed tag")];
            let name: String = tag
                .trim_start_matches('/')
                .chars()
                .take_while(char::is_ascii_alphanumeric)
                .collect();
            assert!(
                ELEMENTS.contains(&name.as_str())
                    || ["br", "hr", "blockquote"].contains(&name.as_str()),
                "unexpected tag <{tag}> in {html}"
            );
            // The writer quotes every value with `"` and escapes any `"` inside one.
            let mut rest = tag.trim_start_matches('/')[name.len()..].trim_end_matches('/');
            while !rest.trim().is_empty() {
                rest = rest.trim_start();
                let key_end = rest.find(['=', ' ']).unwrap_or(rest.len());
                let key = rest[..key_end].to_ascii_lowercase();
                rest = &rest[key_end..];
                let mut value = "";
                if let Some(quoted) = rest.strip_prefix("=\"") {
                    let end = quoted.find('"').expect("an unclosed attribute value");
                    value = &quoted[..end];
                    rest = &quoted[end + 1..];
                }
                assert!(
                    ["href", "src", "alt", "title", "style", "class", "start"]
                        .contains(&key.as_str()),
                    "attribute {key} in <{tag}>"
                );
                if key == "style" {
                    assert!(value.starts_with("text-align: "), "style in <{tag}>");
                }
            }
        }
    }

    /// Checks that each of `parts` stands in `html`.
    fn assert_contains(html: &str, parts: &[&str]) {
        for part in parts {
            assert!(html.contains(part), "{part} missing from {html}");
        }
    }

    #[test]
    #[should_panic(expected = "attribute onerror")]
    fn the_markup_check_sees_event_handlers() {
        assert_only_safe_markup("<p><img src=\"x\" onerror=\"alert(1)\" /></p>");
    }

    #[test]
    #[should_panic(expected = "unexpected tag")]
    fn the_markup_check_sees_other_elements() {
        assert_only_safe_markup("<p><script>alert(1)</script></p>");
    }

    #[test]
    fn tables_become_tables() {
        let html = render("| a | b |\n|---|:-:|\n| 1 | `x` |\n");
        assert_contains(
            &html,
            &[
                "<table>",
                "<th>a</th>",
                "<td>1</td>",
                "<td style=\"text-align: center\"><code>x</code></td>",
            ],
        );
        assert_only_safe_markup(&html);
    }

    #[test]
    fn the_usual_markdown_is_rendered() {
        let html = render(
            "# Title\n\nSome **bold**, *italic* and `code`.\n\n* one\n* two\n\n1. first\n\n```\n<board> <side>\n```\n",
        );
        assert_contains(
            &html,
            &[
                "<h1>Title</h1>",
                "<strong>bold</strong>",
                "<em>italic</em>",
                "<code>code</code>",
                "<ul>",
                "<li>one</li>",
                "<ol>",
                "<pre><code>&lt;board&gt; &lt;side&gt;\n</code></pre>",
            ],
        );
        assert_only_safe_markup(&html);
    }

    #[test]
    fn html_blocks_are_escaped() {
        let html = render("Before.\n\n<script>alert(1)</script>\n\nAfter.\n");
        assert!(!html.contains("<script"), "{html}");
        assert_contains(
            &html,
            &["&lt;script&gt;alert(1)&lt;/script&gt;", "<p>After.</p>"],
        );
        assert_only_safe_markup(&html);

        let html = render("<div onclick=\"alert(1)\">\n\n*text*\n\n</div>\n");
        assert!(!html.contains("<div"), "{html}");
        assert_contains(&html, &["<p>&lt;div onclick=\"alert(1)\"&gt;"]);
        assert_only_safe_markup(&html);
    }

    #[test]
    fn inline_html_is_escaped() {
        let html = render("A picture <img src=x onerror=alert(1)> and <b>bold</b>.\n");
        assert!(!html.contains("<img"), "{html}");
        assert!(!html.contains("<b>"), "{html}");
        assert_contains(&html, &["&lt;img src=x onerror=alert(1)&gt;"]);
        assert_only_safe_markup(&html);

        let html = render("| a |\n|---|\n| <svg onload=alert(1)> |\n");
        assert!(!html.contains("<svg"), "{html}");
        assert_only_safe_markup(&html);
    }

    #[test]
    fn dangerous_links_lose_their_link() {
        for text in [
            "[click](javascript:alert(1))",
            "[click](JavaScript:alert(1))",
            "[click](java&#9;script:alert(1))",
            "[click](<java&#10;script:alert(1)>)",
            "[click](&#x6A;avascript:alert(1))",
            "[click](vbscript:msgbox)",
            "[click](data:text/html,<script>alert(1)</script>)",
            "[click][ref]\n\n[ref]: javascript:alert(1)",
            "<javascript:alert(1)>",
        ] {
            let html = render(text);
            assert!(!html.contains("<a"), "{text}: {html}");
            assert!(!html.contains("href"), "{text}: {html}");
            assert_only_safe_markup(&html);
        }
        let html = render("[click **here**](javascript:alert(1)) now");
        assert_eq!(html, "<p>click <strong>here</strong> now</p>\n");
    }

    #[test]
    fn dangerous_images_lose_their_image() {
        let html = render("![a picture](javascript:alert(1))");
        assert_eq!(html, "<p>a picture</p>\n");
        let html = render("![a picture](data:image/svg+xml,<svg onload=alert(1)>)");
        assert!(!html.contains("<img"), "{html}");
        assert_only_safe_markup(&html);
    }

    #[test]
    fn safe_links_are_kept() {
        let html = render(
            "[web](https://example.org/a?b=1&c=2) [plain](http://example.org) [mail](mailto:a@example.org) <b@example.org> [top](#counting) [root](/index.html)",
        );
        assert_contains(
            &html,
            &[
                "<a href=\"https://example.org/a?b=1&amp;c=2\">web</a>",
                "<a href=\"http://example.org\">plain</a>",
                "<a href=\"mailto:a@example.org\">mail</a>",
                "<a href=\"mailto:b@example.org\">b@example.org</a>",
                "<a href=\"#counting\">top</a>",
                "<a href=\"/index.html\">root</a>",
            ],
        );
    }

    #[test]
    fn relative_addresses_get_the_prefix() {
        let html = render("![The start](pictures/jarmo-start.svg)\n\n[Jetan](jetan.html)\n");
        assert_contains(
            &html,
            &[
                "<img src=\"rules/pictures/jarmo-start.svg\" alt=\"The start\" />",
                "<a href=\"rules/jetan.html\">Jetan</a>",
            ],
        );

        let html = render_with_base("![The start](pictures/jarmo-start.svg)", "");
        assert_contains(&html, &["<img src=\"pictures/jarmo-start.svg\""]);
        let html = render_with_base("![The start](pictures/jarmo-start.svg)", "../rules/");
        assert_contains(&html, &["<img src=\"../rules/pictures/jarmo-start.svg\""]);
    }

    /// The rules texts the page shows, by name.
    const DOCS: [(&str, &str); 4] = [
        ("jarmo", include_str!("../../../docs/jarmo.md")),
        ("jetan", include_str!("../../../docs/jetan.md")),
        ("jersi", include_str!("../../../docs/jersi.md")),
        ("jericho", include_str!("../../../docs/jericho.md")),
    ];

    #[test]
    fn the_rules_texts_render() {
        let pictures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/pictures");
        for (name, markdown) in DOCS {
            let html = render(markdown);
            assert!(!html.contains("<script"), "{name}");
            assert!(html.starts_with("<h1>"), "{name}: {}", &html[..80]);
            assert!(html.contains("<h2>"), "{name}");
            assert!(html.contains("<table>"), "{name}");
            assert!(html.contains("<pre><code>"), "{name}");
            assert!(!html.contains("|---|"), "{name}: a table left as text");
            assert_only_safe_markup(&html);
            // Every picture is shown, from the page's point of view, and exists.
            let images: Vec<&str> = html
                .match_indices("<img src=\"")
                .map(|(i, tag)| {
                    let rest = &html[i + tag.len()..];
                    &rest[..rest.find('"').unwrap()]
                })
                .collect();
            assert_eq!(images.len(), markdown.matches("![").count(), "{name}");
            assert!(!images.is_empty(), "{name}");
            for image in images {
                let file = image
                    .strip_prefix("rules/pictures/")
                    .unwrap_or_else(|| panic!("{name}: {image}"));
                assert!(
                    pictures.join(file).is_file(),
                    "{name}: {image} does not exist"
                );
            }
        }
    }
}
