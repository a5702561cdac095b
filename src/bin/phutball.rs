//! Phutball's page program (`phutball.html`): see [`parlour::game_page`].
parlour::game_page!(parlour::games::PHUTBALL);
