//! Klondike's page program (`klondike.html`): see [`parlour::game_page`].
parlour::game_page!(parlour::games::KLONDIKE);
