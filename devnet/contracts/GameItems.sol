// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @title ERC-1155 game items whose uri(id) is on-chain JSON with an SVG image.
contract GameItems is ERC1155, Ownable {
    using Strings for uint256;

    string public name = "Sto Game Items";
    string public symbol = "ITEM";

    constructor() ERC1155("") Ownable(msg.sender) {}

    function mint(address to, uint256 id, uint256 amount) external onlyOwner {
        _mint(to, id, amount, "");
    }

    function mintBatch(address to, uint256[] calldata ids, uint256[] calldata amounts) external onlyOwner {
        _mintBatch(to, ids, amounts, "");
    }

    function _itemName(uint256 id) private pure returns (string memory) {
        string[6] memory names = ["Unknown", "Gold Coin", "Silver Coin", "Iron Sword", "Oak Shield", "Health Potion"];
        return id < 6 ? names[id] : names[0];
    }

    function _color(uint256 id) private pure returns (string memory) {
        string[6] memory colors = ["#64748b", "#eab308", "#94a3b8", "#475569", "#92400e", "#dc2626"];
        return id < 6 ? colors[id] : colors[0];
    }

    function uri(uint256 id) public pure override returns (string memory) {
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">',
            '<rect width="200" height="200" fill="#0f172a"/><circle cx="100" cy="90" r="55" fill="', _color(id), '"/>',
            '<text x="100" y="180" font-family="monospace" font-size="16" text-anchor="middle" fill="#fff">',
            _itemName(id), "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"', _itemName(id), '","description":"A fungible game item (id ', id.toString(),
            ') on the STO devnet.","image":"data:image/svg+xml;base64,', Base64.encode(bytes(svg)),
            '","attributes":[{"trait_type":"Kind","value":"', id <= 2 ? "Currency" : "Equipment",
            '"},{"display_type":"number","trait_type":"Item id","value":', id.toString(), "}]}"
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
