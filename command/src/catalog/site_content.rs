//! The `SiteContent` aggregate: header links, mega-menu and sponsored ads, home hero.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::*;
use super::error::CatalogError;
use super::events::*;
use super::model::*;
use super::validate;

/// Site-wide content: header links, the mega-menu ad, the banner's sponsored ad and the home
/// page's hero. One
/// aggregate, id [`SITE_CONTENT_ID`].
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct SiteContent {
    pub header_links: Option<Vec<HeaderLink>>,
    pub mega_menu_ad: Option<MegaMenuAd>,
    #[serde(default)]
    pub sponsored_ad: Option<MegaMenuAd>,
    #[serde(default)]
    pub home_hero: Option<HomeHero>,
}

pub const SITE_CONTENT_ID: &str = "site";

impl Aggregate for SiteContent {
    const TYPE: &'static str = "SiteContent";
    type Command = SiteContentCommand;
    type Event = SiteContentEvent;
    type Error = CatalogError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            SiteContentCommand::SetHeaderLinks(links) => {
                validate::header_links(&links)?;
                if self.header_links.as_ref() != Some(&links) {
                    sink.write(SiteContentEvent::HeaderLinksSet { links }, self)
                        .await;
                }
            }
            SiteContentCommand::SetMegaMenuAd(ad) => {
                validate::mega_menu_ad(&ad)?;
                if self.mega_menu_ad.as_ref() != Some(&ad) {
                    sink.write(SiteContentEvent::MegaMenuAdSet { ad }, self)
                        .await;
                }
            }
            SiteContentCommand::SetSponsoredAd(ad) => {
                validate::mega_menu_ad(&ad)?;
                if self.sponsored_ad.as_ref() != Some(&ad) {
                    sink.write(SiteContentEvent::SponsoredAdSet { ad }, self)
                        .await;
                }
            }
            SiteContentCommand::SetHomeHero(hero) => {
                validate::home_hero(&hero)?;
                if self.home_hero.as_ref() != Some(&hero) {
                    sink.write(SiteContentEvent::HomeHeroSet { hero }, self)
                        .await;
                }
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            SiteContentEvent::HeaderLinksSet { links } => self.header_links = Some(links),
            SiteContentEvent::MegaMenuAdSet { ad } => self.mega_menu_ad = Some(ad),
            SiteContentEvent::SponsoredAdSet { ad } => self.sponsored_ad = Some(ad),
            SiteContentEvent::HomeHeroSet { hero } => self.home_hero = Some(hero),
        }
    }
}
